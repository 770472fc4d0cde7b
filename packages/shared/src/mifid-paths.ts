// The MiFID questionnaire's paths, apart from its schemas (schemas/mifid.ts): pages that only read
// answers import them and must not bring zod with them (docs/decisions/016).

export const MIFID_QUESTIONNAIRE_PATH = '/api/v1/mifid/questionnaire/';
export const MIFID_ANSWERS_PATH = '/api/v1/mifid/answers/';
export const MIFID_RESULT_PATH = '/api/v1/mifid/result/';
