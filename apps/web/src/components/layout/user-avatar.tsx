import { UserRound } from 'lucide-react';
import { useState } from 'react';

export const DEFAULT_AVATAR = '/images/avatars/default-avatar.svg';
const FALLBACK_NAME = 'User';

interface UserAvatarProps {
  name: string | null | undefined;
  photoURL: string | null | undefined;
}

/**
 * The user's photo with the display name on hover. A missing or broken photo falls back to the
 * default avatar, and a broken default to an icon. Give it `key={photoURL}` to reset on change.
 */
export function UserAvatar({ name, photoURL }: UserAvatarProps) {
  const displayName = name?.trim() || FALLBACK_NAME;
  const [src, setSrc] = useState(photoURL?.trim() || DEFAULT_AVATAR);
  const [broken, setBroken] = useState(false);

  return (
    <div className="tooltip tooltip-bottom" data-tip={displayName}>
      {broken ? (
        <div className="avatar avatar-placeholder">
          <div className="w-9 rounded-full bg-neutral text-neutral-content">
            <UserRound className="size-5" role="img" aria-label={displayName} />
          </div>
        </div>
      ) : (
        <div className="avatar">
          <div className="w-9 rounded-full ring-2 ring-primary/60 ring-offset-2 ring-offset-base-100">
            <img
              src={src}
              alt={displayName}
              referrerPolicy="no-referrer"
              onError={() => (src === DEFAULT_AVATAR ? setBroken(true) : setSrc(DEFAULT_AVATAR))}
            />
          </div>
        </div>
      )}
    </div>
  );
}
