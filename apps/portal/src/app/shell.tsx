import { Outlet } from 'react-router';
import { Frame } from './frame';
import { useNavigationEffects } from './use-navigation-effects';

/** The router's page frame: the current route's page, with spec §2's navigation rules. */
export function Shell() {
  useNavigationEffects();
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}
