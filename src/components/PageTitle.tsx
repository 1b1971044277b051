import { Title, type TitleProps } from 'react-admin';
import { useHydrated } from '../hooks/useHydrated';

/**
 * react-admin's <Title>, once the page is hydrated: it is a portal into the app bar, which React cannot hydrate, so
 * a page the server rendered (the family's, server/renderedPages.ts) shows its title in the app bar from the render
 * after, as a page the browser renders shows it from its second commit.
 */
export const PageTitle = (props: TitleProps) => (useHydrated() ? <Title {...props} /> : null);
