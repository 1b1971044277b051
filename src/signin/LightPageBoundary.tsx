import { Component, type ReactNode } from 'react';
import { ChunkLoadNotice } from '../components/ChunkLoadNotice';
import { ChunkLoadError } from '../lazyPart';
import type { Translate } from './env';

interface Props {
  translate: Translate;
  /** the page's address: a new one clears the state */
  pathname: string;
  /** another failure: the next app renders the page inside its own error page (main.tsx) */
  handOver: () => void;
  children: ReactNode;
}

/**
 * Around the light app's page: a page's chunk that failed to load or took too long (src/lazyPart.ts) shows the
 * console's translated notice with a reload button; any other failure hands over, as the public app does
 * (PublicApp.tsx HandOverOnError), instead of leaving the screen blank.
 */
export class LightPageBoundary extends Component<Props, { error: unknown; pathname: string }> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError) return;
    console.error(error);
    this.props.handOver();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return error instanceof ChunkLoadError ? (
      <ChunkLoadNotice reason={error.reason} translate={this.props.translate} />
    ) : null;
  }
}
