import { strings } from "@strings/shared.ts";
import { Component, type ErrorInfo, type ReactNode } from "react";
import type { Brand } from "../platform/brand.ts";
import { reportError } from "../telemetry/queue.ts";
import { Button } from "../ui/Button.tsx";
import { Screen } from "../ui/Screen.tsx";
import { AppStartedMark } from "./AppStartedMark.tsx";

interface Props {
  brand: Brand;
  children: ReactNode;
}

/**
 * Catches a screen's render error (or a screen's code that failed to load) and shows the brand's
 * "Something Went Wrong" card instead of a blank page, with a retry; the error is reported.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError("render", error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Screen brand={this.props.brand} title={strings.failure.title}>
        <p role="alert">{strings.failure.text}</p>
        {/* A reload fetches the screen's code afresh: a lazy screen that failed to load stays failed otherwise. */}
        <Button variant="green" className="button--wide" onClick={() => location.reload()}>
          {strings.failure.retry}
        </Button>
        <AppStartedMark />
      </Screen>
    );
  }
}
