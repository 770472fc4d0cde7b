import { UserMenu } from '../../../components/user-menu';

/** Spec §2: the avatar menu, offering "Investments" on the landing site. */
export function LandingUserMenu() {
  return <UserMenu context="landing" withName />;
}
