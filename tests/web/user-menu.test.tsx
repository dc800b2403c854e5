// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../web/src/components/user-menu.tsx';

afterEach(cleanup);

function renderMenu(props: Partial<Parameters<typeof UserMenu>[0]> = {}) {
  const onSignOut = vi.fn();
  render(
    <div>
      <p>Outside text</p>
      <UserMenu displayName="Ada Nurse" email="ada@homerounds.test" avatarUrl={null} onSignOut={onSignOut} {...props} />
    </div>,
  );
  return { onSignOut, button: screen.getByRole('button', { name: /Account menu for/ }) };
}

describe('UserMenu', () => {
  it('shows the full name on the button and toggles the panel with aria-expanded', () => {
    const { button } = renderMenu();
    expect(button.textContent).toContain('Ada Nurse');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByText('ada@homerounds.test')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the button', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    signOut.focus();
    fireEvent.keyDown(signOut, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByText('Outside text'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('signs out from the panel', () => {
    const { button, onSignOut } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('shows the email when there is no full name, and a default icon without an avatar', () => {
    const { button } = renderMenu({ displayName: null });
    expect(button.textContent).toContain('ada@homerounds.test');
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg.icon--user')).not.toBeNull();
  });

  it('shows the avatar picture when there is one', () => {
    const { button } = renderMenu({ avatarUrl: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E' });
    expect(button.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg/);
    expect(button.querySelector('svg.icon--user')).toBeNull();
  });
});

describe('UserMenu language', () => {
  it('speaks Spanish in a Spanish dashboard and switches back to English, remembering the choice', async () => {
    const { I18nProvider } = await import('../../web/src/i18n/i18n-provider.tsx');
    localStorage.removeItem('homerounds.locale');
    render(
      <I18nProvider initialLocale="es">
        <UserMenu displayName="Ada Nurse" email="ada@homerounds.test" avatarUrl={null} onSignOut={vi.fn()} />
      </I18nProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Menú de la cuenta de Ada Nurse' });
    expect(document.documentElement.lang).toBe('es');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Idioma'), { target: { value: 'en' } });
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for Ada Nurse' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('homerounds.locale')).toBe('en');
  });
});
