import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MailRates } from "./MailRates.tsx";

const render = (rates: Parameters<typeof MailRates>[0]["rates"]) => renderToStaticMarkup(createElement(MailRates, { rates }));

describe("the operations page's mail rates", () => {
  it("say in words which rate is at review and which at pause, and mark both lines on each chart", () => {
    const html = render([
      { window: "1h", sent: 20, bounced: 1, complained: 1 },
      { window: "24h", sent: 400, bounced: 2, complained: 1 },
    ]);
    // Bounces: 5% of the hour is at review; 0.5% of the day is below it.
    expect(html).toContain(
      "<strong>Warning:</strong> Bounces over the last hour: 5.0% of 20 mails sent, at or past 5%, where a relay reviews the sender.",
    );
    // Complaints: 5% of the hour is past pause (0.5%); 0.25% of the day past review (0.1%).
    expect(html).toContain(
      "<strong>Alarm:</strong> Complaints over the last hour: 5.0% of 20 mails sent, at or past 0.5%, where a relay pauses the sender and no sign-in mail goes out.",
    );
    expect(html).toContain(
      "<strong>Warning:</strong> Complaints over the last day: 0.25% of 400 mails sent, at or past 0.1%, where a relay reviews the sender.",
    );
    expect(html).not.toContain("Bounces over the last day");
    // Each chart names its lines and says each bar's standing in its accessible name, not by colour alone.
    expect(html).toContain("A relay reviews the sender at 5% (dashed line) and pauses it at 10% (solid line)");
    expect(html).toContain("A relay reviews the sender at 0.1% (dashed line) and pauses it at 0.5% (solid line)");
    expect(html).toContain(
      'aria-label="Bounces of the mails sent: Last hour (20 sent) 5.0%: warning, at or past review; Last day (400 sent) 0.50%: below review"',
    );
    expect(html).toContain(
      'aria-label="Complaints of the mails sent: Last hour (20 sent) 5.0%: alarm, at or past pause; Last day (400 sent) 0.25%: warning, at or past review"',
    );
    expect(html.match(/chart__threshold--dashed/g)).toHaveLength(4);
    expect(html.match(/chart__threshold--solid/g)).toHaveLength(4);
    expect(html).toContain("chart__bar--warn");
    expect(html).toContain("chart__bar--poor");
  });

  it("say all is well below review, and that no mail was sent rather than a rate of none", () => {
    const html = render([
      { window: "1h", sent: 0, bounced: 0, complained: 0 },
      { window: "24h", sent: 5000, bounced: 10, complained: 1 },
    ]);
    expect(html).toContain("Both rates are below where a relay reviews a sender.");
    expect(html).not.toMatch(/Warning:|Alarm:/);
    expect(html).toContain("Last hour (0 sent) no mail sent; Last day (5000 sent) 0.20%: below review");
    expect(html).toContain("Last day (5000 sent) 0.02%: below review");
  });
});
