import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import SubscribePage from './SubscribePage.tsx';

setupPageTests({ signedIn: true });

describe('an IEO project page', () => {
  it('shows the server\'s refusal for an unknown project, not a connection problem', async () => {
    // The stub refuses every call it has no answer for, as the server refuses an unknown project.
    stubApi({});
    renderAt(<SubscribePage />, '/pages/ieo/subscribe?id=999999');
    expect(await screen.findAllByText('unexpected call /project/detail')).not.toHaveLength(0);
    expect(screen.queryByText('重试')).toBeNull();
  });

  it('opened without an id says there is nothing to show', async () => {
    stubApi({});
    renderAt(<SubscribePage />, '/pages/ieo/subscribe');
    await screen.findByTestId('missing-item');
  });
});
