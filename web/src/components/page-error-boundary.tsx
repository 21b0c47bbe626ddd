import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; resetKey: string };
type State = { failed: boolean; resetKey: string };

/**
 * Catches a page that fails to render or to load its code (for example a chunk from before a
 * deployment), logs it and offers a reload instead of a blank screen. Navigating elsewhere resets it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container maxW="3xl" py="24" textAlign="center">
        <Heading as="h1" size="2xl">
          This page could not be loaded
        </Heading>
        <Text mt="4" color="gray.600">
          Please check your connection and try again.
        </Text>
        <Button mt="8" colorPalette="blue" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Container>
    );
  }
}
