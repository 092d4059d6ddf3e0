import { dsone } from "../../platform/brand.ts";

/**
 * What the team's pages (operations, support console) show someone they are not for: the
 * server's reason and a way to sign in with another account, coming back to `screen`.
 */
export function Refused({ title, message, screen }: { title: string; message: string; screen: string }) {
  const signIn = `${dsone.paths.login}?ReturnUrl=${encodeURIComponent(`${location.origin}${screen}`)}`;
  return (
    <main className="ops">
      <h1>403: {title}</h1>
      <p>{message}</p>
      <p>
        <a href={signIn}>Sign in</a>
      </p>
    </main>
  );
}
