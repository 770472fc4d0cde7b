// Links and navigation for components that also run as islands (lib/islands): a part of a page the
// browser hydrates on its own, without the app's router. Inside the app (app.tsx) a link is the
// router's and navigating is client-side; in an island, a link is a plain anchor and navigating loads
// the next page, which the server renders.
import { type AnchorHTMLAttributes, type ComponentType, createContext, type Ref, useContext } from 'react';

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

export interface Routing {
  Link: ComponentType<AppLinkProps>;
  navigate: (to: string) => void;
  /** The path of the page shown, for a link to say it is the current page. */
  usePathname: () => string;
}

function DocumentLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

const documentRouting: Routing = {
  Link: DocumentLink,
  navigate: (to) => window.location.assign(to),
  usePathname: () => (typeof window === 'undefined' ? '' : window.location.pathname),
};

export const RoutingContext = createContext<Routing>(documentRouting);

/** A link to a page of the site: the router's inside the app, a plain anchor in an island. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useContext(RoutingContext);
  return <Link {...props} />;
}

/** A link that says so when it points at the page shown (aria-current), as a navigation entry does. */
export function AppNavLink(props: AppLinkProps) {
  const { Link, usePathname } = useContext(RoutingContext);
  const current = usePathname() === props.to;
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}

export function useNavigateTo(): (to: string) => void {
  return useContext(RoutingContext).navigate;
}
