import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@/app/error-screen';

interface State {
  failed: boolean;
}

/** The top-level boundary: anything that fails outside the router still gets the error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
