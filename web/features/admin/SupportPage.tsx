import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { SupportCustomer, SupportSearchAnswer } from "../../../common/api/contract.ts";
import { SUPPORT_SCREEN } from "../../../common/roles.ts";
import { call } from "../../api/account.ts";
import { HttpError, messageFor } from "../../api/http.ts";
import { navigate, useLocation } from "../../platform/router.ts";
import { CustomerView } from "./CustomerView.tsx";
import { Refused } from "./Refused.tsx";
import "./admin.css";
import "./support.css";

type Refusal = { message: string } | undefined;

/** The customer a page shows, named in the query so a link to it can be shared within the team. */
function customerIn(search: string): string | null {
  return new URLSearchParams(search).get("customer");
}

/**
 * /admin/support: the support console (docs/decisions/0058-support-console.md), for accounts with
 * a console role. Find a customer, see their account, act on it. English only; its code is a
 * chunk of its own, which customers never load (the server answers others 403 before the app).
 */
export default function SupportPage() {
  const { search } = useLocation();
  const customer = customerIn(search);
  const [refusal, setRefusal] = useState<Refusal>();
  const [agent, setAgent] = useState<{ email: string; role: string }>();

  /** A call the server refused for who is asking: the page says so instead of its content. */
  const refused = useCallback((error: unknown) => {
    if (
      error instanceof HttpError &&
      (error.status === 401 || error.status === 403) &&
      error.code !== "OWN_ACCOUNT" &&
      error.code !== "ADMIN_ACTION_ONLY"
    ) {
      setRefusal({ message: error.message });
      return true;
    }
    return false;
  }, []);

  useEffect(() => {
    call("GET /api/support/agent").then(setAgent, (error: unknown) => {
      if (!refused(error)) setRefusal({ message: messageFor(error, "The support console could not be opened. Please try again.") });
    });
  }, [refused]);

  if (refusal) {
    return <Refused title="Support console" message={refusal.message} screen={SUPPORT_SCREEN} />;
  }

  return (
    <main className="ops support" aria-busy={agent === undefined}>
      <h1>Support console</h1>
      {agent ? (
        <>
          <p className="support__agent">
            Signed in as {agent.email} ({agent.role})
          </p>
          <CustomerSearch refused={refused} />
          {customer ? <CustomerView key={customer} accountId={customer} refused={refused} /> : null}
        </>
      ) : null}
    </main>
  );
}

function CustomerSearch({ refused }: { refused: (error: unknown) => boolean }) {
  const [query, setQuery] = useState("");
  const [asked, setAsked] = useState<{ query: string; page: number }>();
  const [answer, setAnswer] = useState<SupportSearchAnswer>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!asked) return;
    let current = true;
    call("POST /api/support/search", asked).then(
      (found) => current && setAnswer(found),
      (error: unknown) => current && !refused(error) && setFailure(messageFor(error, "The search failed. Please try again.")),
    );
    return () => {
      current = false;
    };
  }, [asked, refused]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (query.trim()) setAsked({ query: query.trim(), page: 0 });
  }

  return (
    <section aria-labelledby="support-find">
      <h2 id="support-find">Find a customer</h2>
      <form className="support__search" onSubmit={submit}>
        <label htmlFor="support-query">Email, or its beginning; a device UUID; or a Google or Microsoft subject</label>
        <div className="support__row">
          <input id="support-query" type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
          <button type="submit" className="support__button">
            Search
          </button>
        </div>
      </form>
      {failure ? <p role="alert">{failure}</p> : null}
      {answer && asked ? <SearchResults answer={answer} onPage={(page) => setAsked({ ...asked, page })} /> : null}
    </section>
  );
}

/** One page of customers found, each a link to their record, and the way to the next and previous pages. */
function SearchResults({ answer, onPage }: { answer: SupportSearchAnswer; onPage: (page: number) => void }) {
  return (
    <>
      <p role="status">
        {answer.matches.length === 0
          ? "Nobody matches."
          : `${answer.matches.length === 1 ? "One customer" : `${answer.matches.length} customers`}${answer.page > 0 ? ` on page ${answer.page + 1}` : ""}.`}
      </p>
      <ul className="support__matches">
        {answer.matches.map((match) => (
          <li key={match.accountId}>
            <a
              href={`${SUPPORT_SCREEN}?customer=${encodeURIComponent(match.accountId)}`}
              onClick={(event) => {
                event.preventDefault();
                navigate(`${SUPPORT_SCREEN}?customer=${encodeURIComponent(match.accountId)}`);
              }}
            >
              {match.email}
            </a>
            {match.name ? ` (${match.name})` : ""}
            {match.disabled ? <span className="support__tag support__tag--bad">disabled</span> : null}
            {match.role ? <span className="support__tag">{match.role}</span> : null}
          </li>
        ))}
      </ul>
      <div className="support__row">
        {answer.page > 0 ? (
          <button type="button" className="support__button" onClick={() => onPage(answer.page - 1)}>
            Previous page
          </button>
        ) : null}
        {answer.more ? (
          <button type="button" className="support__button" onClick={() => onPage(answer.page + 1)}>
            Next page
          </button>
        ) : null}
      </div>
    </>
  );
}

export type { SupportCustomer };
