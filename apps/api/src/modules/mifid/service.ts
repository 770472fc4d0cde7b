// The MiFID appropriateness questionnaire: questions in both languages (points stay on the server), the
// answers scored here, each completed questionnaire kept (the latest counts). Answering approves the
// profile's mifid step: a low score limits what can be bought later, not the profile.
import type { Language } from '@lombard/shared/locale';
import {
  type MifidCategory,
  type MifidQuestionnaire,
  type MifidResult,
  mifidExplanationKey,
  mifidLevelOf,
  unansweredMifidQuestions,
} from '@lombard/shared/schemas/mifid';
import { asc, desc, eq, inArray, max } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { mifidAnswerOptions, mifidQuestions, mifidResults } from '../../db/schema/mifid';
import { AppError, fieldError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { completeOwnStep } from '../profile/service';
import { mifidScoreOf } from './scoring';

export interface QuestionnaireContent {
  category: MifidCategory;
  text: { it: string; en: string };
  answers: Array<{ text: { it: string; en: string }; points: number }>;
}

/** Publishes a questionnaire as the next version (seed data, or a revised questionnaire). */
export async function publishQuestionnaire(tx: Queryable, questions: readonly QuestionnaireContent[]) {
  const [current] = await tx.select({ version: max(mifidQuestions.version) }).from(mifidQuestions);
  const version = (current?.version ?? 0) + 1;
  for (const [position, question] of questions.entries()) {
    const [row] = await tx
      .insert(mifidQuestions)
      .values({ version, position, category: question.category, textIt: question.text.it, textEn: question.text.en })
      .returning({ id: mifidQuestions.id });
    await tx.insert(mifidAnswerOptions).values(
      question.answers.map((answer, index) => ({
        questionId: row!.id,
        position: index,
        textIt: answer.text.it,
        textEn: answer.text.en,
        points: answer.points,
      })),
    );
  }
  return version;
}

async function currentQuestions(db: Queryable) {
  const [latest] = await db.select({ version: max(mifidQuestions.version) }).from(mifidQuestions);
  const version = latest?.version ?? 0;
  const questions = await db
    .select()
    .from(mifidQuestions)
    .where(eq(mifidQuestions.version, version))
    .orderBy(asc(mifidQuestions.position));
  const options = questions.length
    ? await db
        .select()
        .from(mifidAnswerOptions)
        .where(
          inArray(
            mifidAnswerOptions.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(mifidAnswerOptions.questionId), asc(mifidAnswerOptions.position))
    : [];
  return { version, questions, options };
}

export async function questionnaire(db: Queryable, language: Language): Promise<MifidQuestionnaire> {
  const { version, questions, options } = await currentQuestions(db);
  const pick = (row: { textIt: string; textEn: string }) => (language === 'en' ? row.textEn : row.textIt);
  return {
    version,
    questions: questions.map((q) => ({
      id: q.id,
      category: q.category as MifidCategory,
      text: pick(q),
      answers: options.filter((o) => o.questionId === q.id).map((o) => ({ id: o.id, text: pick(o) })),
    })),
  };
}

function toResult(row: { score: number; createdAt: Date }, t: Translate): MifidResult {
  const level = mifidLevelOf(row.score);
  const key = mifidExplanationKey(level);
  return {
    score: row.score,
    level,
    explanation_key: key,
    explanation: t(key),
    answered_at: row.createdAt.toISOString(),
  };
}

/** Scores and keeps a completed questionnaire; every current question needs one of its own answers. */
export async function submitAnswers(
  db: Queryable,
  input: { userId: number; answers: Record<string, number>; now: Date },
  t: Translate,
): Promise<MifidResult> {
  return (db as Database).transaction(async (tx) => {
    const { version, questions, options } = await currentQuestions(tx);
    if (questions.length === 0 || unansweredMifidQuestions(questions, input.answers).length > 0) {
      throw new AppError('MIFID_INCOMPLETE');
    }
    let points = 0;
    let maxPoints = 0;
    const wrong: Record<string, string> = {};
    for (const question of questions) {
      const own = options.filter((o) => o.questionId === question.id);
      const chosen = own.find((o) => o.id === input.answers[String(question.id)]);
      if (!chosen) wrong[`answers.${question.id}`] = 'validation:invalid';
      points += chosen?.points ?? 0;
      maxPoints += Math.max(0, ...own.map((o) => o.points));
    }
    if (Object.keys(wrong).length > 0) throw fieldError(wrong);
    const known = new Set(questions.map((q) => String(q.id)));
    const answers = Object.fromEntries(Object.entries(input.answers).filter(([id]) => known.has(id)));
    const score = mifidScoreOf(points, maxPoints);
    const [row] = await tx
      .insert(mifidResults)
      .values({ userId: input.userId, version, answers, points, score, createdAt: input.now })
      .returning();
    await completeOwnStep(tx, input.userId, 'mifid', input.now);
    return toResult(row!, t);
  });
}

/** Completed questionnaires, newest first. */
export async function resultHistory(db: Queryable, userId: number, t: Translate): Promise<MifidResult[]> {
  const rows = await db
    .select({ score: mifidResults.score, createdAt: mifidResults.createdAt })
    .from(mifidResults)
    .where(eq(mifidResults.userId, userId))
    .orderBy(desc(mifidResults.createdAt), desc(mifidResults.id));
  return rows.map((row) => toResult(row, t));
}

export async function latestResult(db: Queryable, userId: number, t: Translate): Promise<MifidResult | null> {
  const [row] = await db
    .select({ score: mifidResults.score, createdAt: mifidResults.createdAt })
    .from(mifidResults)
    .where(eq(mifidResults.userId, userId))
    .orderBy(desc(mifidResults.createdAt), desc(mifidResults.id))
    .limit(1);
  return row ? toResult(row, t) : null;
}

/** The answers worth the most points, question id → answer id (demo data of an experienced investor). */
export async function bestAnswers(db: Queryable): Promise<Record<string, number>> {
  const { questions, options } = await currentQuestions(db);
  return Object.fromEntries(
    questions.map((q) => {
      const own = options.filter((o) => o.questionId === q.id);
      const best = own.reduce((a, b) => (b.points > a.points ? b : a));
      return [String(q.id), best.id];
    }),
  );
}
