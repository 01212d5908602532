import { TIMING } from '@openbourse/core';
import { Component, type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { withTimeout } from '../shared/timeout.ts';
import { type ClassifiedFailure, classifyChunkFailure, retryImport } from './chunk-errors.ts';
import { DelayedLoading } from './delayed-loading.tsx';
import { ChunkErrorScreen } from './error-screen.tsx';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Loaded page components, so revisiting a page renders at once. */
const loaded = new WeakMap<PageLoader, ComponentType>();

/**
 * Starts loading a page before the app renders (start-page.ts): when its code
 * has arrived by then, the first render shows the page itself rather than a
 * loading state and a second render. A failure is shown by the page itself when
 * it renders, which imports it again.
 */
export function startLoadingPageCode(load: PageLoader): void {
  load().then(
    (module) => loaded.set(load, module.default),
    () => undefined,
  );
}

type State = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; failure: ClassifiedFailure };

/**
 * Loads one page chunk: a loading state after 200 ms, failure after 60 s, and
 * on failure an error screen naming the failure type and the requested address,
 * with a retry that fetches the chunk afresh.
 */
export function LazyPage({ load, address }: { load: PageLoader; address: string }) {
  const cachedPage = loaded.get(load);
  const [state, setState] = useState<State>(cachedPage ? { status: 'ready', Page: cachedPage } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const lastFailure = useRef<ClassifiedFailure | undefined>(undefined);

  useEffect(() => {
    // The opening page's code may have arrived (start-page.ts) between the first render and this effect: show it, or the page would wait forever.
    const arrived = loaded.get(load);
    if (arrived) {
      setState((current) => (current.status === 'ready' ? current : { status: 'ready', Page: arrived }));
      return;
    }
    let cancelled = false;
    const previous = lastFailure.current;
    const importing = previous?.address.includes('/assets/') ? (retryImport(previous.address, attempt) as Promise<PageModule>) : load();
    withTimeout(importing, TIMING.pageLoadTimeoutMs, address)
      .then((module) => {
        loaded.set(load, module.default);
        if (!cancelled) setState({ status: 'ready', Page: module.default });
      })
      .catch(async (error: unknown) => {
        const failure = await classifyChunkFailure(error, address);
        lastFailure.current = failure;
        if (!cancelled) setState({ status: 'failed', failure });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt, load, address]);

  if (state.status === 'failed') {
    return (
      <ChunkErrorScreen
        failure={state.failure.failure}
        address={state.failure.address}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (state.status === 'loading') return <DelayedLoading />;
  const { Page } = state;
  return (
    <PageErrorBoundary address={address}>
      <Suspense fallback={<DelayedLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

interface BoundaryState {
  error: unknown;
}

/** A page that throws while rendering (or a lazy translation chunk that fails) gets the same screen and retry. */
class PageErrorBoundary extends Component<{ address: string; children: ReactNode }, BoundaryState & { failure?: ClassifiedFailure }> {
  override state: BoundaryState & { failure?: ClassifiedFailure } = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    void classifyChunkFailure(error, this.props.address).then((failure) => this.setState({ failure }));
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const failure = this.state.failure ?? { failure: 'error' as const, address: this.props.address };
    return <ChunkErrorScreen failure={failure.failure} address={failure.address} onRetry={() => this.setState({ error: null, failure: undefined })} />;
  }
}
