import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The appropriateness questions, in both languages; a new version of the questionnaire adds new rows. */
export const mifidQuestions = pgTable(
  'mifid_questions',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull(),
    position: integer('position').notNull(),
    category: text('category').notNull(),
    textIt: text('text_it').notNull(),
    textEn: text('text_en').notNull(),
  },
  (t) => [index('mifid_questions_version_idx').on(t.version, t.position)],
);

/** The answers of a question with the points each is worth (never sent to the browser). */
export const mifidAnswerOptions = pgTable(
  'mifid_answer_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => mifidQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textIt: text('text_it').notNull(),
    textEn: text('text_en').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [index('mifid_answer_options_question_idx').on(t.questionId)],
);

/** Every completed questionnaire: the latest is the person's score, the earlier ones its history. */
export const mifidResults = pgTable(
  'mifid_results',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Question id → answer id, as sent. */
    answers: jsonb('answers').notNull(),
    points: integer('points').notNull(),
    score: integer('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mifid_results_user_idx').on(t.userId, t.createdAt)],
);
