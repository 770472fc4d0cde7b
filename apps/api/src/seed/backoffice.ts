// Back-office demo data: enough users that paging, sorting, filtering and selection show on real rows
// (varied profiles, blocked and never-activated accounts, sign-ups spread over 18 months), and
// notifications for the demo accounts. Deterministic and idempotent: only what is missing is inserted.
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/schema/accounts';
import { auditLog } from '../db/schema/audit';
import { notifications } from '../db/schema/notifications';
import { supportArticles, supportCollections } from '../db/schema/support';
import { hashPassword } from '../lib/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';

export const BULK_USER_DOMAIN = 'clienti.lombard.test';
export const BULK_USER_COUNT = 64;

const FIRST_NAMES = [
  'Giulia',
  'Marco',
  'Francesca',
  'Alessandro',
  'Sara',
  'Lorenzo',
  'Martina',
  'Matteo',
  'Elena',
  'Davide',
  'Valentina',
  'Simone',
  'Chiara',
  'Federico',
  'Alice',
  'Riccardo',
  'Emma',
  'Tommaso',
  'Sofia',
  'Pietro',
  'Oliver',
  'Charlotte',
  'James',
  'Amelia',
  'Noah',
  'Grace',
  'Niccolò',
  'Beatrice',
  'Gabriele',
  'Aurora',
  'Leonardo',
  'Ginevra',
];
const LAST_NAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Smith',
  'Taylor',
  'Brown',
  "D'Angelo",
  'Fontana',
  'Caruso',
  'Ferrara',
  'Santoro',
  'Marchetti',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
];
const PROFILE_SETS = [['base'], ['lead'], ['customer'], ['customer'], ['lead'], ['base'], ['customer'], ['admin']];

/** A small deterministic generator: the same demo data on every machine. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const DAY_MS = 86_400_000;

export function bulkDemoUsers(now = Date.now()) {
  const random = mulberry32(20_261_120);
  return Array.from({ length: BULK_USER_COUNT }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
    const createdAt = new Date(now - Math.floor(random() * 540 * DAY_MS));
    const activated = index % 9 !== 4;
    const lastLogin =
      activated && index % 5 !== 0 ? new Date(createdAt.getTime() + random() * (now - createdAt.getTime())) : null;
    return {
      email: `${ascii(firstName)}.${ascii(lastName)}${index + 1}@${BULK_USER_DOMAIN}`,
      firstName,
      lastName,
      language: index % 3 === 0 ? 'en' : 'it',
      attributes: PROFILE_SETS[index % PROFILE_SETS.length]!,
      status: index % 11 === 3 ? 0 : 1,
      activatedAt: activated ? new Date(createdAt.getTime() + 3_600_000) : null,
      lastLoginAt: lastLogin,
      referralCode: `BO${String(index + 1).padStart(6, '0')}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

async function seedBulkUsers(db: Queryable) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `%@${BULK_USER_DOMAIN}`));
  if (Number(count) >= BULK_USER_COUNT) return;
  // One hash for all of them: they share the demo password, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(bulkDemoUsers().map((user) => ({ ...user, passwordHash })))
    .onConflictDoNothing();
}

/** The help-centre article the demo operator message points to: a page that exists on the site. */
const FEATURED_COLLECTION = 'anticipi';
const FEATURED_ARTICLE = 'come-funziona-anticipo';

/**
 * Operator messages are free text in one language: the demo one speaks the recipient's and names the
 * article it links to by its own title.
 */
function featuredArticleMessage(language: 'it' | 'en', articleTitle: string) {
  return language === 'en'
    ? { title: 'New in the help centre', body: `Read "${articleTitle}" before you request your first advance.` }
    : {
        title: 'Novità nel centro assistenza',
        body: `Leggi «${articleTitle}» prima di chiedere il tuo primo anticipo.`,
      };
}

interface DemoNotification {
  kind: 'welcome' | 'profile_incomplete' | 'security' | 'message';
  params: Record<string, string>;
  link?: string;
  daysAgo: number;
  read: boolean;
}

/**
 * Only notifications about things the demo data set really has: the account itself, its profile page
 * and a help-centre article. No order, advance or document is seeded, so none is mentioned.
 */
function demoNotifications(language: 'it' | 'en', article: { path: string; title: string } | null) {
  const list: DemoNotification[] = [
    { kind: 'welcome', params: {}, link: '/customer/profile/', daysAgo: 60, read: true },
    { kind: 'profile_incomplete', params: {}, link: '/customer/profile/', daysAgo: 45, read: true },
    { kind: 'security', params: {}, daysAgo: 40, read: false },
  ];
  if (article) {
    list.push({
      kind: 'message',
      params: featuredArticleMessage(language, article.title),
      link: article.path,
      daysAgo: 14,
      read: false,
    });
  }
  return list;
}

async function featuredArticle(db: Queryable, language: 'it' | 'en') {
  const [row] = await db
    .select({ translated: supportArticles.translatedContent, title: supportArticles.title })
    .from(supportArticles)
    .innerJoin(supportCollections, eq(supportCollections.id, supportArticles.collectionId))
    .where(and(eq(supportCollections.slug, FEATURED_COLLECTION), eq(supportArticles.slug, FEATURED_ARTICLE)));
  if (!row) return null;
  const translated = row.translated as Partial<Record<'it' | 'en', { title?: string }>> | null;
  return {
    path: `/support/${FEATURED_COLLECTION}/${FEATURED_ARTICLE}/`,
    title: translated?.[language]?.title ?? row.title,
  };
}

async function seedDemoNotifications(db: Queryable) {
  const now = Date.now();
  const recipients = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  for (const recipient of recipients) {
    const [existing] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, recipient.id))
      .limit(1);
    if (existing) continue;
    const language = recipient.language === 'en' ? 'en' : 'it';
    const article = await featuredArticle(db, language);
    await db.insert(notifications).values(
      demoNotifications(language, article).map((n) => ({
        userId: recipient.id,
        kind: n.kind,
        params: n.params,
        link: n.link ?? null,
        createdAt: new Date(now - n.daysAgo * DAY_MS),
        readAt: n.read ? new Date(now - (n.daysAgo - 1) * DAY_MS) : null,
      })),
    );
  }
  // Every bulk user got a welcome: the back-office notifications list pages through real rows.
  const bulk = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(
      and(
        like(users.email, `%@${BULK_USER_DOMAIN}`),
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id})`,
      ),
    );
  if (bulk.length > 0) {
    await db.insert(notifications).values(
      bulk.map((user, index) => ({
        userId: user.id,
        kind: 'welcome',
        params: {},
        link: '/customer/profile/',
        createdAt: user.createdAt,
        readAt: index % 2 === 0 ? user.createdAt : null,
      })),
    );
  }
}

/** The blocked demo users were blocked by the demo operator: the audit log says so. */
async function seedAuditTrail(db: Queryable) {
  const [existing] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'admin@demo.lombard.test'));
  if (!admin) return;
  const blocked = await db
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(and(like(users.email, `%@${BULK_USER_DOMAIN}`), eq(users.status, 0)));
  if (blocked.length === 0) return;
  await db.insert(auditLog).values(
    blocked.map((user) => ({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'disable',
      objectType: 'backoffice.users',
      objectId: String(user.id),
      before: { id: user.id, email: user.email, status: 1 },
      after: { id: user.id, email: user.email, status: 0 },
    })),
  );
}

export async function seedBackoffice(db: Queryable) {
  await seedBulkUsers(db);
  await seedDemoNotifications(db);
  await seedAuditTrail(db);
}
