/**
 * Writes server/auth/password/common-passwords.txt: the passwords of the zxcvbn common-password list
 * (@zxcvbn-ts/language-common, MIT; ranked by how often they appear in breaches) that are long
 * enough to pass the length rule, most common first, lower-cased. New passwords are checked
 * against it (NIST SP 800-63B). Run: npm run common-passwords
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { MIN_PASSWORD_LENGTH } from "../common/password-rules.ts";

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve("@zxcvbn-ts/language-common/package.json"));
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
const ranked = JSON.parse(readFileSync(join(packageDir, "src", "passwords.json"), "utf8")) as string[];
const kept = [...new Set(ranked.map((password) => password.toLowerCase()).filter((password) => password.length >= MIN_PASSWORD_LENGTH))];
const header = [
  `# ${kept.length} common passwords of at least ${MIN_PASSWORD_LENGTH} characters, most common first, lower-cased.`,
  `# From @zxcvbn-ts/language-common ${version} (MIT, Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.,`,
  "# Copyright (c) 2021 @zxcvbn-ts). Regenerate with: npm run common-passwords",
];
writeFileSync(
  join(import.meta.dirname, "..", "server", "auth", "password", "common-passwords.txt"),
  `${[...header, ...kept].join("\n")}\n`,
);
console.log(`wrote ${kept.length} passwords`);
