// The customer's picture: a PNG or JPEG (checked by its bytes, as every upload), turned upright, cut to a
// square and resized on the server to 256 px, kept as a JPEG data URL beside the account; removed, the
// initials show again. The original is never kept (its metadata, a photo's location included, goes).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { fieldError } from '../../lib/errors';
import type { ReceivedFile } from '../../lib/files/uploads';
import { checkUpload } from '../../lib/files/uploads';

export const AVATAR_FIELD = 'avatar';
/** Pixels a side: four times the largest avatar the app draws (64 px), for sharp screens. */
export const AVATAR_SIZE = 256;
/** A photo from a phone is 12–50 megapixels; far more is a decompression bomb, not a portrait. */
const MAX_INPUT_PIXELS = 100_000_000;

const refuse = (key: string) => fieldError({ [AVATAR_FIELD]: key });

/** The picture as it is kept: a 256 × 256 JPEG data URL. A 400 naming the field when it is not one. */
export async function avatarFrom(file: ReceivedFile | undefined): Promise<string> {
  if (!file) throw refuse('validation:fileRequired');
  const checked = checkUpload(file);
  if ('problem' in checked) throw fieldError({ [AVATAR_FIELD]: checked.problem });
  if (checked.contentType === 'application/pdf') throw refuse('validation:imageType');
  try {
    const square = await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return `data:image/jpeg;base64,${square.toString('base64')}`;
  } catch {
    // Bytes that start like a PNG or a JPEG but are not one the decoder can read (or far too large).
    throw refuse('validation:imageUnreadable');
  }
}

export async function setAvatar(db: Queryable, userId: number, avatar: string | null): Promise<void> {
  await db.update(users).set({ avatarBase64: avatar }).where(eq(users.id, userId));
}
