// Swapping collateral (docs/decisions/019): give back pledged lines and offer free ones; the new collateral
// must secure what the returned lines secure today, at most what is owed, and only the units needed are
// pledged (part of a fund, whole shares of part of a stock plan). The server's quote says what will be
// pledged before the code is sent; the code signs the swap, or the customer's passkey does (with "use another
// method" falling back to the authenticator app, docs/decisions/039).
import type { AdvanceDetail, BorrowingPower, SwapResult } from '@lombard/shared/schemas/advances';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField, proofOf } from '../../../components/one-time-code-field';
import { PasskeyConfirmation } from '../../../components/passkey-confirmation';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useStartLabel } from '../../../lib/forms/confirmation-factor';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { swapQuoteQuery, useSwapCollateral } from './api';
import { SwapRiskPreview } from './swap-risk-preview';

export function SwapPanel({ advance, power }: { advance: AdvanceDetail; power: BorrowingPower }) {
  const { t } = useTranslation('loan');
  const startLabel = useStartLabel(t('swap.sendCode'));
  const language = useLanguage();
  const swap = useSwapCollateral(advance.id);
  const [giveBack, setGiveBack] = useState<string[]>([]);
  const [pledge, setPledge] = useState<string[]>([]);
  /** The answer that asked for the code: what is confirmed, how, and the challenge sent back with the code. */
  const [asked, setAsked] = useState<SwapResult | null>(null);
  const [code, setCode] = useState('');
  // With a passkey, the customer may choose their authenticator app instead (when they have one).
  const [useApp, setUseApp] = useState(false);
  const quote = useQuery(swapQuoteQuery(advance.id, giveBack, pledge));
  const free = power.lines.filter((line) => !line.pledged);
  const picked = giveBack.length > 0 && pledge.length > 0;
  // The quote of what is picked now, not the previous one kept on screen while the new one loads.
  const plan = picked && !quote.isPlaceholderData ? quote.data : undefined;
  const body = { give_back: giveBack, pledge, amount: plan?.required ?? '0.00' };
  const money = (value: string) => formatMoney(value, language);
  // A double-click lands its second click before React disables the button: one call at a time, held here.
  const busy = useRef(false);
  const once = (
    variables: typeof body & { code?: string; challenge?: string },
    onSuccess: (result: SwapResult) => void,
  ) => {
    if (busy.current) return;
    busy.current = true;
    swap.mutate(variables, {
      onSuccess,
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  const reset = () => {
    setAsked(null);
    setCode('');
    setUseApp(false);
  };
  const swapped = (result: SwapResult) => {
    notifySuccess(result.detail);
    setGiveBack([]);
    setPledge([]);
    reset();
  };
  // The passkey's button signs the swap at once; a refusal is shown the usual way, as a wrong code's is.
  const swapWithPasskey = async (assertion: PasskeyAssertion) => {
    if (busy.current) return;
    busy.current = true;
    await swap
      .mutateAsync({ ...body, assertion })
      .then(swapped, () => undefined)
      .finally(() => {
        busy.current = false;
      });
  };
  const passkey = asked?.factor === 'passkey' && !useApp ? (asked.passkey ?? null) : null;

  return (
    <Stack gap="sm" data-testid="swap-panel">
      <Text size="sm">{t('swap.intro')}</Text>
      <Checkbox.Group
        label={t('swap.giveBack')}
        value={giveBack}
        onChange={(value) => {
          setGiveBack(value);
          reset();
        }}
      >
        <Stack gap={4} mt={6}>
          {advance.collateral
            .filter((line) => line.pledged)
            .map((line) => (
              <Checkbox
                key={line.key}
                value={line.key}
                label={t('request.line', { label: line.label, contribution: money(line.contribution) })}
                data-testid={`swap-give-back-${line.key}`}
              />
            ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={t('swap.pledge')}
        value={pledge}
        onChange={(value) => {
          setPledge(value);
          reset();
        }}
      >
        <Stack gap={4} mt={6}>
          {free.map((line) => (
            <Checkbox
              key={line.key}
              value={line.key}
              label={t('request.line', { label: line.label, contribution: money(line.contribution) })}
              data-testid={`swap-pledge-${line.key}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {plan && (
        <Stack gap={6} data-testid="swap-plan">
          <Text size="sm" fw={600} data-testid="swap-amounts">
            {t('swap.required', { amount: money(plan.required), returned: money(plan.returned) })}
          </Text>
          {plan.covered ? (
            <>
              <Text size="sm">{t('swap.willPledge')}</Text>
              <List size="sm" spacing={2}>
                {plan.pledges.map((line) => (
                  <List.Item key={line.key} data-testid={`swap-pledges-${line.key}`}>
                    {t(line.whole ? 'swap.pledgeWhole' : 'swap.pledgePart', {
                      label: line.label,
                      units: formatNumber(line.units, language, line.kind === 'stock_plan' ? 0 : 3),
                      of: formatNumber(line.free_units, language, line.kind === 'stock_plan' ? 0 : 3),
                      contribution: money(line.contribution),
                    })}
                  </List.Item>
                ))}
              </List>
              <SwapRiskPreview advanceId={advance.id} giveBack={giveBack} pledge={pledge} />
            </>
          ) : (
            <Alert color="orange" p="xs" data-testid="swap-short">
              {t('swap.short', { offered: money(plan.offered), amount: money(plan.required) })}
            </Alert>
          )}
        </Stack>
      )}
      {!asked ? (
        <Group>
          <Button
            disabled={!plan?.covered}
            loading={swap.isPending}
            onClick={() => once(body, setAsked)}
            data-testid="swap-send-code"
          >
            {startLabel}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="swap-asked">
            {asked.detail}
          </Text>
          {passkey ? (
            <PasskeyConfirmation
              passkey={passkey}
              onAssertion={swapWithPasskey}
              onFallback={() => setUseApp(true)}
              busy={swap.isPending}
              testId="swap-passkey"
            />
          ) : (
            <>
              <OneTimeCodeField
                label={t('sign.code')}
                value={code}
                onChange={setCode}
                factor={useApp ? 'authenticator' : (asked.factor ?? undefined)}
              />
              <Group>
                <Button
                  disabled={!isCompleteCode(code)}
                  loading={swap.isPending}
                  onClick={() => once({ ...body, ...proofOf(code), challenge: asked.challenge ?? undefined }, swapped)}
                  data-testid="swap-submit"
                >
                  {t('swap.submit')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
