// The password strength policy both sides apply (ASVS V2.1): at least 8 characters (the schemas), any
// characters, no composition rules, and a zxcvbn estimate good enough against common passwords and the
// person's own details. The server refuses what this calls weak; the web forms show the same verdict as a
// meter while typing. The dictionaries weigh megabytes, so they are imported on first use only (on the
// web that keeps them out of every page but the three password forms).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn scores 0–4; 3 is "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/** Words of the product itself, which people tend to put in its password. */
export const PRODUCT_WORDS = ['lombard'] as const;

/** What the person told us about themselves; any of it may be missing while a form is being filled. */
export interface PasswordContext {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface PasswordVerdict {
  /** 0 (trivial) … 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
}

/** The words a password must not lean on: the product's name, the names and the parts of the address. */
export function passwordUserInputs(context: PasswordContext): string[] {
  const inputs = new Set<string>(PRODUCT_WORDS);
  const add = (value: string | undefined) => {
    const word = value?.trim().toLowerCase();
    if (word && word.length >= 2) inputs.add(word);
  };
  add(context.firstName);
  add(context.lastName);
  // The whole name in either order, without spaces: "MarioRossi1" leans on the name as much as "Mario1".
  const first = context.firstName?.replace(/\s+/g, '') ?? '';
  const last = context.lastName?.replace(/\s+/g, '') ?? '';
  if (first && last) {
    add(first + last);
    add(last + first);
  }
  const email = context.email?.trim().toLowerCase() ?? '';
  add(email);
  const [local, domain] = email.split('@');
  add(local);
  for (const part of local?.split(/[._+-]+/) ?? []) add(part);
  add(domain?.split('.')[0]);
  return [...inputs];
}

let factory: Promise<ZxcvbnFactory> | null = null;

async function loadFactory(): Promise<ZxcvbnFactory> {
  const [core, common, en, it] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-it'),
  ]);
  // The Italian package names its lists without a language suffix; suffixing keeps them apart from others.
  const italian = Object.fromEntries(Object.entries(it.dictionary).map(([name, words]) => [`${name}-it`, words]));
  return new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...italian },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: false,
  });
}

/** Loads the estimator once (dictionaries included); later calls reuse it. */
export function loadPasswordEstimator(): Promise<ZxcvbnFactory> {
  factory ??= loadFactory().catch((error: unknown) => {
    factory = null;
    throw error;
  });
  return factory;
}

/** The verdict on a password, with the estimator already loaded. */
export function judgePassword(estimator: ZxcvbnFactory, password: string, context: PasswordContext): PasswordVerdict {
  const { score } = estimator.check(password, passwordUserInputs(context));
  return { score, acceptable: score >= PASSWORD_MIN_SCORE };
}

/** Loads the estimator when needed, then judges. */
export async function checkPassword(password: string, context: PasswordContext): Promise<PasswordVerdict> {
  return judgePassword(await loadPasswordEstimator(), password, context);
}
