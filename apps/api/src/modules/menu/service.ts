// The navigation menu per profile, loaded from the server for each profile, with labels in the
// caller's language.
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { MenuItem } from '@lombard/shared/schemas/auth';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { menuItems } from '../../db/schema/menus';

export async function menuFor(db: Queryable, profile: Profile, language: Language): Promise<MenuItem[]> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.profile, profile))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  return rows.map((row) => ({
    key: row.key,
    label: language === 'en' ? row.labelEn : row.labelIt,
    path: row.path,
    icon: row.icon,
    position: row.position,
  }));
}
