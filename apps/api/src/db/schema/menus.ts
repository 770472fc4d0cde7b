import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Navigation menu per profile, loaded from the server for each profile. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    profile: text('profile').notNull(),
    key: text('key').notNull(),
    path: text('path').notNull(),
    icon: text('icon').notNull(),
    position: integer('position').notNull(),
    labelIt: text('label_it').notNull(),
    labelEn: text('label_en').notNull(),
  },
  (t) => [uniqueIndex('menu_items_profile_key_unique').on(t.profile, t.key)],
);
