// The user's picture (contact_avatar_base64), or initials: first + last name, else the first
// two letters of the e-mail.
import { Avatar, type AvatarProps } from '@mantine/core';
import classes from './user-avatar.module.css';

export interface AvatarUser {
  email: string;
  first_name: string;
  last_name: string;
  contact_avatar_base64: string | null;
}

export function initialsOf(user: Pick<AvatarUser, 'email' | 'first_name' | 'last_name'>): string {
  const first = user.first_name.trim().charAt(0);
  const last = user.last_name.trim().charAt(0);
  if (first && last) return `${first}${last}`.toUpperCase();
  return user.email.trim().slice(0, 2).toUpperCase();
}

/** The stored value may be bare base64 or already a data URL. */
export function avatarSource(base64: string | null): string | null {
  if (!base64) return null;
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
}

export function UserAvatar({ user, ...props }: { user: AvatarUser } & Omit<AvatarProps, 'src' | 'children'>) {
  const src = avatarSource(user.contact_avatar_base64);
  return (
    <Avatar src={src} alt="" color="navy" radius="xl" {...props}>
      <span aria-hidden className={classes.initials} data-initials={initialsOf(user)} />
    </Avatar>
  );
}
