// Swapping collateral: give back pledged lines and pledge free ones whose contribution covers exactly the
// amount the returned lines secure; signed with the one-time code. The server answers the swappable amount
// and sends the code on the first call, and makes the swap on the second, with the code.
import { validateSwap } from '@lombard/shared/money/advance-request-rules';
import type { AdvanceDetail, BorrowingPower } from '@lombard/shared/schemas/advances';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField } from '../../components/one-time-code-field';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { notifySuccess } from '../../lib/notify';
import { useSwapCollateral } from './api';
import { pickedContribution } from './request-rules';
import { useRuleMessage } from './rule-message';

export function SwapPanel({ advance, power }: { advance: AdvanceDetail; power: BorrowingPower }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const swap = useSwapCollateral(advance.id);
  const [giveBack, setGiveBack] = useState<string[]>([]);
  const [pledge, setPledge] = useState<string[]>([]);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const amount = pickedContribution(advance.collateral, giveBack, { includePledged: true });
  const offered = pickedContribution(power.lines, pledge);
  const free = power.lines.filter((line) => !line.pledged);
  const message = useRuleMessage();
  const mismatch = validateSwap({ swapAmount: offered, swappableAmount: amount }).swapAmount;
  const picked = giveBack.length > 0 && pledge.length > 0;
  const body = { give_back: giveBack, pledge, amount };

  const reset = () => {
    setCodeSent(false);
    setCode('');
  };

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
                label={t('request.line', { label: line.label, contribution: formatMoney(line.contribution, language) })}
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
              label={t('request.line', { label: line.label, contribution: formatMoney(line.contribution, language) })}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" data-testid="swap-amounts">
        {t('swap.amounts', { amount: formatMoney(amount, language), offered: formatMoney(offered, language) })}
      </Text>
      {picked && mismatch && (
        <Text size="sm" c="red" data-testid="swap-mismatch">
          {message(mismatch, 'cents')}
        </Text>
      )}
      {!codeSent ? (
        <Group>
          <Button
            disabled={!picked || mismatch !== undefined}
            loading={swap.isPending}
            onClick={() => swap.mutate(body, { onSuccess: () => setCodeSent(true) })}
            data-testid="swap-send-code"
          >
            {t('swap.sendCode')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <OneTimeCodeField label={t('sign.code')} value={code} onChange={setCode} />
          <Group>
            <Button
              disabled={!isCompleteCode(code)}
              loading={swap.isPending}
              onClick={() =>
                swap.mutate(
                  { ...body, code },
                  {
                    onSuccess: (result) => {
                      notifySuccess(result.detail);
                      setGiveBack([]);
                      setPledge([]);
                      reset();
                    },
                  },
                )
              }
              data-testid="swap-submit"
            >
              {t('swap.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
