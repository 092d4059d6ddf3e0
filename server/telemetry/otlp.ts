import type { Logger } from "@opentelemetry/api-logs";
import type { LoggerProvider } from "@opentelemetry/sdk-logs";

/** One stored telemetry event as it is exported: already redacted and source-mapped. */
export interface ExportedEvent {
  kind: string;
  name: string;
  sessionId: string;
  accountId: string | null;
  brand: string;
  screen: string;
  url: string;
  value: number | null;
  detail: Record<string, unknown>;
  at: number;
}

export interface TelemetryExport {
  emit(event: ExportedEvent): void;
  /** Sends what is buffered and stops; called when the server closes. */
  shutdown(): Promise<void>;
}

// SeverityNumber from @opentelemetry/api-logs, spelled out so the SDK is not loaded when off.
const SEVERITY = { INFO: 9, ERROR: 17 } as const;

/**
 * The OpenTelemetry logs export (OTLP/HTTP), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set:
 * each stored event becomes one log record, so Sentry, Grafana, Datadog or any collector can take
 * them. The exporter also reads the standard OTEL_EXPORTER_OTLP_HEADERS (an API key, say).
 */
export async function startOtlpExport(options: { endpoint: string; serviceName: string }): Promise<TelemetryExport> {
  const [{ LoggerProvider, BatchLogRecordProcessor }, { OTLPLogExporter }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-logs"),
    import("@opentelemetry/exporter-logs-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const exporter = new OTLPLogExporter({ url: `${options.endpoint}/v1/logs` });
  const provider: LoggerProvider = new LoggerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    processors: [new BatchLogRecordProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  const logger: Logger = provider.getLogger("account-sign-in.telemetry");
  return {
    emit(event) {
      const isError = event.kind === "error";
      logger.emit({
        eventName: `browser.${event.kind}`,
        timestamp: event.at,
        severityNumber: isError ? SEVERITY.ERROR : SEVERITY.INFO,
        severityText: isError ? "ERROR" : "INFO",
        body: isError ? String(event.detail.message ?? event.name) : `${event.kind} ${event.name}`,
        attributes: {
          "event.kind": event.kind,
          "event.name": event.name,
          "session.id": event.sessionId,
          ...(event.accountId ? { "user.id": event.accountId } : {}),
          "app.brand": event.brand,
          "app.screen": event.screen,
          "url.path_and_query": event.url,
          ...(event.value === null ? {} : { "event.value": event.value }),
          // OpenTelemetry's exception conventions, which error trackers group reports by.
          ...(isError
            ? {
                "exception.type": event.name,
                "exception.message": String(event.detail.message ?? ""),
                "exception.stacktrace": String(event.detail.stack ?? ""),
                ...(typeof event.detail.source === "string" ? { "code.filepath": event.detail.source } : {}),
              }
            : {}),
          ...Object.fromEntries(
            Object.entries(event.detail)
              .filter(([, value]) => typeof value === "string" || typeof value === "number")
              .map(([key, value]) => [`event.${key}`, value as string | number]),
          ),
        },
      });
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
