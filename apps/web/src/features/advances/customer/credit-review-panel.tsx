// The creditworthiness assessment as the customer is told of it (Directive (EU) 2023/2225): when it
// flagged the request, what that means and that an operator weighs it; the right to ask a person to
// review it and explain it (a message is optional); then the request's state and the operator's outcome
// with its explanation. A real form (submitted by the button or Enter), sent once however often clicked.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { useRequestCreditReview } from './api';

const MESSAGE_MAX = 1000;

export function CreditReviewPanel({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const [message, setMessage] = useState('');
  const ask = useRequestCreditReview(advance.id, () => notifySuccess(t('creditReview.sent')));
  // A double click submits twice before React re-renders with `isPending`: the ref sees the first at once.
  const sending = useRef(false);
  const assessment = advance.credit_assessment;
  if (!assessment || (!assessment.flagged && !assessment.review)) return null;
  const review = assessment.review;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    // Sent once: after success the page's refreshed detail has no form; after an error one may try again.
    ask.mutate(message.trim(), {
      onError: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Alert
      color={review?.outcome === 'revised' ? 'teal' : 'orange'}
      variant="light"
      radius="md"
      title={t('creditReview.title')}
      icon={<IconUserQuestion size={20} aria-hidden />}
      data-testid="credit-review"
    >
      <Stack gap="sm">
        {assessment.flagged && <Text size="sm">{t('creditReview.flagged')}</Text>}
        {assessment.can_request_review && (
          <form onSubmit={submit} data-testid="credit-review-form">
            <Stack gap="xs">
              <Text size="sm">{t('creditReview.right')}</Text>
              <Textarea
                name="message"
                label={t('creditReview.message')}
                description={t('creditReview.messageHint', { max: MESSAGE_MAX })}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                maxLength={MESSAGE_MAX}
                autosize
                minRows={2}
                maxRows={6}
                data-testid="credit-review-message"
              />
              <Group>
                <Button type="submit" loading={ask.isPending} data-testid="credit-review-submit">
                  {t('creditReview.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {review?.status === 'requested' && (
          <Text size="sm" fw={600} data-testid="credit-review-requested">
            {t('creditReview.requested', { date: formatDate(review.requested_at.slice(0, 10), language) })}
          </Text>
        )}
        {review?.message && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {t('creditReview.yourMessage', { message: review.message })}
          </Text>
        )}
        {review?.status === 'decided' && review.outcome && (
          <Stack gap={4} data-testid="credit-review-outcome">
            <Text size="sm" fw={700}>
              {t(`creditReview.outcome.${review.outcome}`, {
                date: formatDate((review.decided_at ?? review.requested_at).slice(0, 10), language),
              })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.explanation}
            </Text>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
