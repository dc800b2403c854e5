// The signed-in user's menu: avatar (or a default icon) and the full name (or else the email) on a
// disclosure button; the panel holds the identity, the dashboard's language and Sign out. Closes on Escape
// (focus returns to the button) and on a click or focus outside.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale } from '../i18n/i18n-provider.tsx';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales.ts';
import { useT } from '../i18n/use-t.ts';
import { ChevronDownIcon, UserIcon } from './icons.tsx';

export interface UserMenuProps {
  /** Full name, or else the email. */
  displayName: string | null;
  email: string | null;
  avatarUrl: string | null;
  onSignOut(): void;
  signingOut?: boolean;
}

function Avatar({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) return <UserIcon />;
  return (
    <img
      className="avatar"
      src={url}
      alt=""
      width={32}
      height={32}
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}

export function UserMenu({ displayName, email, avatarUrl, onSignOut, signingOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const languageId = useId();
  const t = useT();
  const { locale, setLocale } = useLocale();
  const name = displayName ?? email ?? t('menu.account');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menu.accountFor', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar url={avatarUrl} />
        <span className="user-menu__name">{name}</span>
        <ChevronDownIcon />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__identity">
          <span className="user-menu__full-name">{name}</span>
          {email && email !== name ? <span className="user-menu__email">{email}</span> : null}
        </p>
        <p className="user-menu__language">
          <label htmlFor={languageId}>{t('menu.language')}</label>
          <select id={languageId} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        </p>
        <button
          type="button"
          className="button button--secondary user-menu__sign-out"
          onClick={onSignOut}
          disabled={signingOut}
        >
          {signingOut ? t('menu.signingOut') : t('menu.signOut')}
        </button>
      </div>
    </div>
  );
}
