import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test-utils.tsx';
import { HeaderButton, HeaderLink, PageHeader } from './PageHeader.tsx';

describe('PageHeader actions', () => {
  it('name a link by its label, which a narrow phone shows only as its icon and tooltip', () => {
    renderAt(<PageHeader title="IEO subscriptions" right={<HeaderLink to="/pages/ieo/order" label="My subscriptions" icon={<svg />} testId="ieo-my-orders" />} />);
    const link = screen.getByRole('link', { name: 'My subscriptions' });
    expect(link.getAttribute('href')).toBe('/pages/ieo/order');
    expect(link.getAttribute('title')).toBe('My subscriptions');
    expect(link.textContent).toBe('My subscriptions');
  });

  it('run a button’s action, and not while it is disabled', () => {
    const markAll = vi.fn();
    renderAt(
      <PageHeader
        title="Notifications"
        right={
          <>
            <HeaderButton label="Mark all read" icon={<svg />} onClick={markAll} testId="notice-mark-all" />
            <HeaderButton label="Nothing unread" icon={<svg />} onClick={markAll} disabled testId="notice-none" />
          </>
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nothing unread' }));
    expect(markAll).toHaveBeenCalledTimes(1);
  });
});
