// Contract of the MiFID appropriateness questionnaire: questions and answers come from the server in the
// request's language; the answers go back by id and the score is computed by the server only.
import { z } from 'zod';
import { MIFID_SCORE } from '../constants';

export const MIFID_CATEGORIES = ['knowledge', 'experience', 'horizon', 'risk_tolerance'] as const;
export type MifidCategory = (typeof MIFID_CATEGORIES)[number];

export type MifidLevel = keyof typeof MIFID_SCORE;
export const MIFID_LEVELS = Object.keys(MIFID_SCORE) as MifidLevel[];
export type MifidScore = (typeof MIFID_SCORE)[MifidLevel];

/** The level of a score (-1 → notPassed … 3 → veryExperienced). */
export function mifidLevelOf(score: number): MifidLevel {
  return MIFID_LEVELS.find((level) => MIFID_SCORE[level] === score) ?? 'notPassed';
}

/** i18n key of the explanation of a level, in the `mifid` namespace of both sides. */
export const mifidExplanationKey = (level: MifidLevel) => `mifid:explanation.${level}`;

export const mifidAnswerOptionSchema = z.object({ id: z.number().int(), text: z.string() });
export const mifidQuestionSchema = z.object({
  id: z.number().int(),
  category: z.enum(MIFID_CATEGORIES),
  text: z.string(),
  answers: z.array(mifidAnswerOptionSchema),
});
export type MifidQuestion = z.infer<typeof mifidQuestionSchema>;

/** GET /api/v1/mifid/questionnaire/ */
export const mifidQuestionnaireSchema = z.object({
  /** The questionnaire's version: answers name it implicitly (they are checked against the current one). */
  version: z.number().int(),
  questions: z.array(mifidQuestionSchema),
});
export type MifidQuestionnaire = z.infer<typeof mifidQuestionnaireSchema>;

/** POST /api/v1/mifid/answers/: question id → chosen answer id; every question must be answered. */
export const mifidAnswersSchema = z.object({
  answers: z.record(z.string().regex(/^\d+$/), z.number().int().positive()),
});
export type MifidAnswersInput = z.input<typeof mifidAnswersSchema>;

/** The questions a set of answers leaves out (the form shows them before sending). */
export function unansweredMifidQuestions(
  questions: readonly { id: number }[],
  answers: Readonly<Record<string, number | undefined>>,
): number[] {
  return questions.filter((q) => answers[String(q.id)] === undefined).map((q) => q.id);
}

export const mifidResultSchema = z.object({
  score: z.number().int().min(-1).max(3),
  level: z.enum(MIFID_LEVELS as [MifidLevel, ...MifidLevel[]]),
  explanation_key: z.string(),
  /** The explanation in the request's language. */
  explanation: z.string(),
  answered_at: z.string(),
});
export type MifidResult = z.infer<typeof mifidResultSchema>;

/** Answer of POST /api/v1/mifid/answers/ (detail: "Answers saved"). */
export const mifidAnswersSavedSchema = mifidResultSchema.extend({ detail: z.string() });
export type MifidAnswersSaved = z.infer<typeof mifidAnswersSavedSchema>;

/** GET /api/v1/mifid/result/: the latest result and the earlier ones (newest first). */
export const mifidResultStateSchema = z.object({
  current: mifidResultSchema.nullable(),
  history: z.array(mifidResultSchema),
});
export type MifidResultState = z.infer<typeof mifidResultStateSchema>;
