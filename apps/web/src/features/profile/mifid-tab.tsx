// The MiFID appropriateness questionnaire: questions and answers from the API in the interface language,
// every one required, the score computed by the server and explained; re-takeable at any time.
import { MIFID_SCORE } from '@lombard/shared/constants';
import { type MifidResult, unansweredMifidQuestions } from '@lombard/shared/schemas/mifid';
import { Alert, Badge, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { currentLanguage } from '../../lib/i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { formatDate } from '../../lib/resource/format';
import { mifidQuestionnaireQuery, mifidResultQuery, useSendMifidAnswers } from './api';

const SCORE_COLOR: Record<number, string> = { [-1]: 'red', 0: 'orange', 1: 'yellow', 2: 'teal', 3: 'green' };

function ResultCard({ result, onRetake }: { result: MifidResult; onRetake(): void }) {
  const { t } = useTranslation('profile');
  return (
    <Paper withBorder radius="md" p="md" data-testid="mifid-result" data-score={result.score}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{t('mifid.score')}</Text>
            <Badge size="lg" radius="sm" variant="light" color={SCORE_COLOR[result.score] ?? 'gray'}>
              {t(`mifid.levels.${result.level}`)} ({result.score})
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('mifid.answeredOn', { date: formatDate(result.answered_at, currentLanguage()) })}
          </Text>
        </Group>
        <Text size="sm" data-testid="mifid-explanation">
          {result.explanation}
        </Text>
        {result.score === MIFID_SCORE.notPassed && (
          <Text size="sm" c="dimmed">
            {t('mifid.notPassedHint')}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetake}
          w={{ base: '100%', sm: 'fit-content' }}
          data-testid="mifid-retake"
        >
          {t('mifid.retake')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Answers given but not yet sent, kept for this tab's session so that a reload does not lose them. */
const DRAFT_KEY = 'lombard.mifid-draft';

function readDraft(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

function writeDraft(answers: Record<string, number>) {
  try {
    if (Object.keys(answers).length === 0) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify(answers));
  } catch {
    // Storage refused (private mode, full): the answers stay on the page, as before.
  }
}

export function MifidTab() {
  // `validation` too: the "required" under an unanswered question comes from there.
  const { t } = useTranslation(['profile', 'errors', 'validation']);
  const language = currentLanguage();
  const questionnaire = useQuery(mifidQuestionnaireQuery(language));
  const result = useQuery(mifidResultQuery(language));
  const send = useSendMifidAnswers();
  const [answers, setAnswersState] = useState<Record<string, number>>(() =>
    typeof window === 'undefined' ? {} : readDraft(),
  );
  const setAnswers = (next: Record<string, number> | ((previous: Record<string, number>) => Record<string, number>)) =>
    setAnswersState((previous) => {
      const value = typeof next === 'function' ? next(previous) : next;
      writeDraft(value);
      return value;
    });
  const [retaking, setRetaking] = useState(false);
  const [missing, setMissing] = useState<number[]>([]);

  if (questionnaire.isPending || result.isPending) return <Skeleton h={240} radius="md" />;
  const questions = questionnaire.data?.questions ?? [];
  const current = result.data?.current ?? null;

  if (current && !retaking) return <ResultCard result={current} onRetake={() => setRetaking(true)} />;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const left = unansweredMifidQuestions(questions, answers);
    setMissing(left);
    if (left.length > 0) {
      document.getElementById(`mifid-question-${left[0]}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    try {
      await send.mutateAsync({ answers });
    } catch {
      return; // the HTTP layer showed the server's message
    }
    notifySuccess(t('errors:success.answersSaved'));
    setRetaking(false);
    setAnswers({});
    await result.refetch();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="mifid-form">
      <Stack gap="lg">
        {missing.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="mifid-incomplete"
          >
            {t('errors:questionnaireIncomplete')}
          </Alert>
        )}
        {questions.map((question, index) => {
          const unanswered = missing.includes(question.id) && answers[String(question.id)] === undefined;
          return (
            <Radio.Group
              key={question.id}
              id={`mifid-question-${question.id}`}
              label={
                <Title order={3} fz="sm" fw={600} component="span">
                  {index + 1}. {question.text}
                </Title>
              }
              description={t(`mifid.categories.${question.category}`)}
              value={answers[String(question.id)] === undefined ? null : String(answers[String(question.id)])}
              onChange={(value) => setAnswers((prev) => ({ ...prev, [String(question.id)]: Number(value) }))}
              error={unanswered ? t('validation:required') : undefined}
              withAsterisk
              data-testid={`mifid-question-${index}`}
            >
              <Stack gap={8} mt="xs">
                {question.answers.map((answer) => (
                  <Radio key={answer.id} value={String(answer.id)} label={answer.text} />
                ))}
              </Stack>
            </Radio.Group>
          );
        })}
        <Group gap="sm">
          <SubmitButton submitting={send.isPending} testId="mifid-submit">
            {t('mifid.submit')}
          </SubmitButton>
          {current && (
            <Button variant="subtle" onClick={() => setRetaking(false)}>
              {t('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
