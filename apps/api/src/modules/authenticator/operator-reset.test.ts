// An operator resets a customer's authenticator app (a lost phone): the app and its recovery codes go, the
// customer is notified and confirms by SMS again, the reset is in the audit log; a customer cannot do it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { writeTab } from '../profile/service';

let f: MoneyFixture;
let who: Investor;
const reset = (session: Investor['session'], id: number) =>
  f.post(session, `/api/v1/backoffice/users/${id}/reset-authenticator/`, undefined, null);

beforeAll(async () => {
  f = await moneyFixture();
  who = await f.investor();
  await f.deposit(who, '100.00');
  await writeTab(f.t.database.db, who.id, 'phone', { phone: '+393401112299', verified: true });
  await enrolAuthenticator(f, who);
});
afterAll(() => f.t.close());

describe('an operator resets a customer’s authenticator', () => {
  it('is refused to the customer themselves', async () => {
    expect((await reset(who.session, who.id)).statusCode).toBe(403);
  });

  it('removes it: audited, the customer notified, confirmations by SMS again', async () => {
    expect((await f.post(who.session, '/api/v1/cash/withdrawals/', { amount: '10' })).json().factor).toBe(
      'authenticator',
    );
    // The customer's detail says there is one to reset (the drawer offers the reset only then).
    const detail = async () => (await f.get(f.admin, `/api/v1/backoffice/users/${who.id}/`)).json();
    expect((await detail()).has_authenticator).toBe(true);
    const res = await reset(f.admin, who.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toContain('confirms by SMS again');
    const status = await f.get(who.session, '/api/v1/profile/authenticator/');
    expect(status.json()).toMatchObject({ enrolled: false, recovery_codes_left: 0 });
    const notes = (await f.get(who.session, '/api/v1/notifications/')).json();
    expect(JSON.stringify(notes)).toContain('Your authenticator app was reset');
    const audit = (
      await f.get(
        f.admin,
        `/api/v1/backoffice/audit-log/?object_type=backoffice.users&object_id=${who.id}&action=reset-authenticator`,
      )
    ).json();
    expect(audit.count).toBe(1);
    expect((await f.post(who.session, '/api/v1/cash/withdrawals/', { amount: '10' })).json().factor).toBe('sms');
    // Nothing left to reset, and the detail says so.
    expect((await detail()).has_authenticator).toBe(false);
    expect((await reset(f.admin, who.id)).json().code).toBe('AUTHENTICATOR_NOT_ENROLLED');
  });
});
