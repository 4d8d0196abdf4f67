import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../api/api.js';
import { TechnicalDifficultiesPage } from '../pages/errors/TechnicalDifficultiesPage.js';
import { CenteredLoader } from './CenteredLoader.js';

type Props = {
  children: ReactNode;
  /** When this value changes (the path, for instance), a shown error is dismissed. */
  resetKey?: unknown;
  /**
   * The boundary sits inside a frame's main region (the layouts). Otherwise (the root boundary,
   * whose error leaves no frame) the error page is its own main landmark.
   */
  withinMain?: boolean;
};
type State = { error: unknown; failed: boolean; resetKey: unknown };

/** Uncaught errors show the Technical Difficulties page (SPEC.md §2, §8). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    // The browser is already on its way to another page (a 401 or a `uri` answer).
    if (error instanceof ApiError && error.redirectedTo !== null) return <CenteredLoader />;
    const page = <TechnicalDifficultiesPage error={error} />;
    return this.props.withinMain ? page : <main>{page}</main>;
  }
}
