import { UserMenu } from '../../../components/user-menu';

/** The avatar menu, offering "Investments" on the landing site. */
export function LandingUserMenu() {
  return <UserMenu context="landing" withName />;
}
