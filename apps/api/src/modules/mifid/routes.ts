// The MiFID questionnaire of the signed-in person: questions in the request's language, answers, result.

import { MIFID_ANSWERS_PATH, MIFID_QUESTIONNAIRE_PATH, MIFID_RESULT_PATH } from '@lombard/shared/mifid-paths';
import {
  mifidAnswersSavedSchema,
  mifidAnswersSchema,
  mifidQuestionnaireSchema,
  mifidResultStateSchema,
} from '@lombard/shared/schemas/mifid';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { questionnaire, resultHistory, submitAnswers } from './service';

const signedIn = [{ bearerAuth: [] }];

export const mifidModule = fp(async (app: FastifyInstance) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    MIFID_QUESTIONNAIRE_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['mifid'],
        summary: 'The appropriateness questionnaire in the request language',
        security: signedIn,
        response: { 200: mifidQuestionnaireSchema },
      },
    },
    async (request) => questionnaire(db, request.language),
  );

  api.post(
    MIFID_ANSWERS_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['mifid'],
        summary: 'Answer every question: the score is computed and kept; the questionnaire can be taken again',
        security: signedIn,
        body: mifidAnswersSchema,
        response: { 200: mifidAnswersSavedSchema },
      },
    },
    async (request) => {
      const result = await submitAnswers(
        db,
        { userId: currentUser(request).id, answers: request.body.answers, now: app.clock() },
        request.t,
      );
      return { ...result, detail: request.t('profile:answersSaved') };
    },
  );

  api.get(
    MIFID_RESULT_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['mifid'],
        summary: 'The latest score and the earlier ones',
        security: signedIn,
        response: { 200: mifidResultStateSchema },
      },
    },
    async (request) => {
      const history = await resultHistory(db, currentUser(request).id, request.t);
      return { current: history[0] ?? null, history: history.slice(1) };
    },
  );
});
