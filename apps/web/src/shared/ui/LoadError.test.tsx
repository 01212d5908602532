import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/request.ts';
import { renderAt, setupPageTests } from '../test-utils.tsx';
import { LoadError, MissingItem } from './LoadError.tsx';

setupPageTests();

describe('a page that cannot show what it was opened for', () => {
  it('offers a retry when the data could not be fetched at all', () => {
    const retry = vi.fn();
    renderAt(<LoadError title="Could not load" description="Check your connection" onRetry={retry} error={new ApiError('network', 'offline')} />);
    expect(screen.getByText('Check your connection')).toBeTruthy();
    fireEvent.click(screen.getByText('重试'));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the server\'s refusal instead (an unknown id), with nothing to retry', () => {
    renderAt(<LoadError title="Could not load" description="Check your connection" onRetry={vi.fn()} error={new ApiError('error', '项目不存在')} />);
    expect(screen.getByText('项目不存在')).toBeTruthy();
    expect(screen.queryByText('Check your connection')).toBeNull();
    expect(screen.queryByText('重试')).toBeNull();
  });

  it('says a link without its id shows nothing, with the way back', () => {
    renderAt(<MissingItem backTo="/pages/nft/index" />);
    expect(screen.getByTestId('missing-item').textContent).toContain('这里没有可显示的内容');
    expect(screen.getByText('返回')).toBeTruthy();
  });
});
