import { LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { UserAvatar } from './user-avatar';

interface NavbarAccountProps {
  name: string | null;
  photoURL: string | null;
  onLogout: () => void;
}

/** The signed-in user's corner of the bar: settings, avatar and logout. */
export function NavbarAccount({ name, photoURL, onLogout }: NavbarAccountProps) {
  return (
    <>
      <Link
        to={paths.settings.getHref()}
        className="btn btn-ghost btn-square btn-sm"
        aria-label="Settings"
        title="Settings"
      >
        <Settings className="size-5" aria-hidden="true" />
      </Link>
      <UserAvatar key={photoURL ?? ''} name={name} photoURL={photoURL} />
      <button type="button" className="btn btn-error btn-sm" onClick={onLogout} aria-label="Logout">
        <LogOut className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Logout</span>
      </button>
    </>
  );
}
