// The customer's picture through HTTP: a photo of any shape comes back as a 256 px square JPEG on the
// account (and in /me at once), what is not a PNG or JPEG is refused under the field and changes nothing,
// and removing it brings the initials back.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
let session: Session;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const user = await createUser(t.app, { email: 'avatar@example.com', firstName: 'Giulia', lastName: 'Ferri' });
  session = await loginAs(t.app, user.email);
});
afterAll(() => t.close());

const photo = (width: number, height: number, format: 'png' | 'jpeg', background = { r: 200, g: 40, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();
const upload = (fileName: string, contentType: string, data: Buffer, language = 'en') => {
  const { payload, headers } = multipartBody([{ name: 'avatar', fileName, contentType, data }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/account/avatar/',
    headers: { ...headers, ...session.headers, 'accept-language': language },
    payload,
  });
};
const me = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: session.headers })).json();
const pictureOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');

describe('PUT /api/account/avatar/', () => {
  it('keeps a landscape PNG as a 256 px square JPEG, shown by /me at once', async () => {
    expect((await me()).contact_avatar_base64).toBeNull();
    const res = await upload('holiday.png', 'image/png', await photo(1200, 700, 'png'));
    expect(res.statusCode).toBe(200);
    const stored = res.json().contact_avatar_base64 as string;
    expect(stored.startsWith('data:image/jpeg;base64,')).toBe(true);
    const kept = await sharp(pictureOf(stored)).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect((await me()).contact_avatar_base64).toBe(stored);
  });

  it('takes a JPEG too, and a new picture replaces the old one', async () => {
    const before = (await me()).contact_avatar_base64;
    const res = await upload('portrait.JPG', 'image/jpeg', await photo(300, 900, 'jpeg', { r: 20, g: 90, b: 160 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().contact_avatar_base64).not.toBe(before);
    expect(await sharp(pictureOf(res.json().contact_avatar_base64)).metadata()).toMatchObject({
      width: 256,
      height: 256,
    });
  });

  it.each([
    [
      'a PDF',
      'scan.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      'Choose a PNG or JPEG image.',
    ],
    [
      'a program named .png',
      'me.png',
      'image/png',
      Buffer.from('MZ\x90\x00 not an image at all'),
      'The file’s content',
    ],
    [
      'a PNG cut short',
      'broken.png',
      'image/png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'We can’t read this image',
    ],
  ])('refuses %s under the field and keeps the picture there was', async (_what, name, type, data, message) => {
    const before = (await me()).contact_avatar_base64;
    const res = await upload(name, type, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().avatar[0]).toContain(message.replace('’', "'").slice(0, 12));
    expect((await me()).contact_avatar_base64).toBe(before);
  });

  it('says it in Italian to an Italian reader, and asks to sign in without a session', async () => {
    const res = await upload('scan.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n'), 'it');
    expect(res.json().avatar).toEqual(["Scegli un'immagine PNG o JPEG."]);
    const { payload, headers } = multipartBody([
      { name: 'avatar', fileName: 'a.png', contentType: 'image/png', data: await photo(10, 10, 'png') },
    ]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/avatar/', headers, payload })).statusCode).toBe(401);
  });
});

describe('DELETE /api/account/avatar/', () => {
  it('removes the picture: /me has none, the initials show again', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account/avatar/', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact_avatar_base64).toBeNull();
    expect((await me()).contact_avatar_base64).toBeNull();
  });
});
