import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parseAst } from "rolldown/parseAst";

/**
 * `npm run flows`: how many server files each way in (and the email change) takes, found by
 * following the imports rather than counted by hand. It prints every flow's figures and files;
 * `npm run flows -- --write` puts the figures into docs/architecture.md, and test/flows.test.ts
 * fails when the page's figures differ from what this computes.
 *
 * A flow is named by its functions, not by its files: the modules that declare them are looked up
 * in server/ when it runs, so a flow whose module moves is still counted (and one whose function
 * is renamed is refused, not counted as zero). Counting starts at the flow's service (the
 * functions that take plain values, in server/auth/ or server/provider/) and, separately, at its
 * service and its route together: a route module mounts several endpoints, so starting there
 * alone would count the others' files as the flow's.
 *
 * The syntax is read by oxc's parser, through rolldown (a dev dependency, as test/catalogues.test.ts
 * uses it): it keeps `import type` and `export type` apart, and TypeScript 7's compiler is a
 * separate program behind an API it still calls unstable.
 */
const ROOT = join(import.meta.dirname, "..");
export const ARCHITECTURE_PATH = join(ROOT, "docs", "architecture.md");
/** The folders whose imports are followed: the server and what it shares with the app. */
const FOLLOWED = ["server", "common"] as const;

export interface Flow {
  name: string;
  /** The functions (or class) that do the flow's work, taking plain values: where the count starts. */
  service: readonly string[];
  /** The function that puts the flow on HTTP: "with its route" starts there too. */
  route: string;
}

const FLOWS: readonly Flow[] = [
  {
    name: "the emailed link: ask for it, spend it",
    service: ["requestAccessLink", "signInWithAccessLink"],
    route: "accessLinkRoutes",
  },
  { name: "the password", service: ["signInWithPassword"], route: "passwordRoutes" },
  { name: "the passkey", service: ["passkeySignInOptions", "signInWithPasskey"], route: "passkeyRoutes" },
  { name: "Google", service: ["startGoogleSignIn", "finishGoogleSignIn", "openIdSignIn"], route: "googleRoutes" },
  { name: "Microsoft", service: ["startMicrosoftSignIn", "finishMicrosoftSignIn", "openIdSignIn"], route: "microsoftRoutes" },
  // The provider answers the authorization and the token requests; its routes add the interaction
  // (the callback that hands a signed-in customer back to it).
  { name: "an OpenID round trip: authorize, interaction, token", service: ["OidcService"], route: "oidcRoutes" },
  { name: "the email change: ask, confirm", service: ["requestEmailChange", "confirmEmailChange"], route: "emailChangeRoutes" },
];

const METHOD = `Two counts per flow, each from the modules that export the flow's functions, over static imports
(import … from, export … from, import "…") within server/ and common/. Type-only imports (import
type, export type) are left out: they are erased and load nothing; an import whose names are all
marked type inside its braces is kept as \`import {} from\` (verbatimModuleSyntax) and loads. A
dynamic import() is not followed: it loads on demand (listed when a flow has one).

  reached: function by function. From the flow's functions, every top-level declaration their
           code names (a type aside), in their own module or through an import, and so on; a
           file counts when it holds one (or passes one on). Names are matched, not scopes, so a
           local that shares a top-level name counts it: an upper bound of what the flow runs.
  loaded:  module by module. Every module the flow's modules import, and theirs: what Node loads
           for the flow. A module imported for one function brings its whole import list, so
           this is far more than the flow's path touches.

"With its route" adds the function that puts the flow on HTTP; it mounts all of its module's
routes, so it brings their functions too.`;

/** Where a name's value lives: a module's top-level declaration, or every export of a namespace. */
interface Binding {
  module: string;
  /** The declaration's (or export's) name; "*" for the whole module. */
  name: string;
}

interface ModuleFacts {
  /** The modules its static value imports load (in server/ or common/). */
  loads: string[];
  /** The modules it may load later, by import(). */
  onDemand: string[];
  /** Its imports' local names, by what they name. */
  imports: Map<string, Binding>;
  /** Its exports' names, by what they name (a local name in this module, or an import passed on). */
  exports: Map<string, Binding>;
  /** The modules it re-exports wholesale (export * from). */
  exportsAll: string[];
  /** Its top-level declarations' names, by the code each one runs. */
  declarations: Map<string, Node[]>;
  /** Its top-level statements that are no declaration: they run when it loads. */
  loadTime: Node[];
}

type Node = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** Every node under one, depth first: for the import() calls anywhere in a module. */
function* nodesUnder(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const item of node) yield* nodesUnder(item);
  else if (isNode(node)) {
    yield node;
    for (const [key, value] of Object.entries(node)) if (key !== "type" && typeof value === "object") yield* nodesUnder(value);
  }
}

/** A node's children that hold only types: erased, so what they name is never run. */
const TYPE_CHILDREN = new Set(["typeAnnotation", "returnType", "typeParameters", "typeArguments", "superTypeArguments", "implements"]);
/** TypeScript's nodes that wrap a value (`x as T`, `x!`, `x satisfies T`, `f<T>`); every other TS node is a type. */
const VALUE_WRAPPERS = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "TSInstantiationExpression"]);

/** The names a piece of code uses as values: identifiers, less property names and types. */
function namesUsedBy(node: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) namesUsedBy(item, names);
    return names;
  }
  if (!isNode(node)) return names;
  if (node.type.startsWith("TS") && !VALUE_WRAPPERS.has(node.type)) return names;
  if (node.type === "Identifier" || node.type === "JSXIdentifier") names.add(node.name as string);
  for (const [key, child] of Object.entries(node)) {
    if (typeof child !== "object" || TYPE_CHILDREN.has(key)) continue;
    // `a.b`, `{ b: … }`, `b() {}`: b is a property's name, not a reference (unless computed).
    if ((key === "property" || key === "key") && !node.computed) continue;
    namesUsedBy(child, names);
  }
  return names;
}

/** The names a declaration's pattern binds: `const { a, b: [c] } = …` binds a and c. */
function boundNames(pattern: Node): string[] {
  switch (pattern.type) {
    case "Identifier":
      return [pattern.name as string];
    case "ObjectPattern":
      return (pattern.properties as Node[]).flatMap((property) =>
        boundNames((property.type === "RestElement" ? property.argument : property.value) as Node),
      );
    case "ArrayPattern":
      return (pattern.elements as (Node | null)[]).flatMap((element) => (element ? boundNames(element) : []));
    case "AssignmentPattern":
      return boundNames(pattern.left as Node);
    case "RestElement":
      return boundNames(pattern.argument as Node);
    default:
      return [];
  }
}

/** A top-level declaration's names and the code each runs; empty for a type (an interface, an alias). */
function declared(declaration: Node): [string, Node][] {
  if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
    const id = declaration.id as Node | null;
    return [[id ? (id.name as string) : "default", declaration]];
  }
  if (declaration.type === "VariableDeclaration" && !declaration.declare)
    return (declaration.declarations as Node[]).flatMap((declarator) =>
      boundNames(declarator.id as Node).map((name): [string, Node] => [name, declarator]),
    );
  return [];
}

/** The module a relative specifier names, inside the followed folders; undefined for a package. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(dirname(from), specifier);
  if (!FOLLOWED.some((folder) => target.startsWith(join(root, folder) + sep))) return undefined;
  const found = [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${relative(root, from)} imports ${specifier}, which is not there`);
  return found;
}

const nameOf = (node: unknown) => {
  const named = node as { name?: string; value?: string };
  return named.name ?? String(named.value);
};

/** The export an import specifier names: `{ a }` names a, a default import "default", `* as ns` every one. */
function importedName(specifier: Node): string {
  if (specifier.type === "ImportSpecifier") return nameOf(specifier.imported);
  return specifier.type === "ImportDefaultSpecifier" ? "default" : "*";
}

/** What one module imports, exports and declares, read from its syntax tree (oxc's parser, through rolldown). */
function moduleFacts(root: string, file: string): ModuleFacts {
  const facts: ModuleFacts = {
    loads: [],
    onDemand: [],
    imports: new Map(),
    exports: new Map(),
    exportsAll: [],
    declarations: new Map(),
    loadTime: [],
  };
  // A data module (JSON, such as the passkey providers' names) imports nothing and runs nothing:
  // a flow that reads it takes it as one file.
  if (file.endsWith(".json")) return facts;
  const program = parseAst(readFileSync(file, "utf8"), { lang: file.endsWith(".tsx") ? "tsx" : "ts" }) as unknown as { body: Node[] };
  const follow = (source: unknown) => {
    const target = resolveSpecifier(root, file, (source as { value: string }).value);
    if (target && !facts.loads.includes(target)) facts.loads.push(target);
    return target;
  };
  const declare = (declaration: Node, exported: boolean) => {
    for (const [name, code] of declared(declaration)) {
      facts.declarations.set(name, [...(facts.declarations.get(name) ?? []), code]);
      if (exported) facts.exports.set(name, { module: file, name });
    }
  };
  for (const statement of program.body) {
    switch (statement.type) {
      case "ImportDeclaration": {
        if (statement.importKind === "type") break;
        // `import { type A } from` stays as `import {} from` under verbatimModuleSyntax: it loads.
        const target = follow(statement.source);
        if (!target) break;
        for (const specifier of statement.specifiers as Node[]) {
          if (specifier.importKind === "type") continue;
          facts.imports.set(nameOf(specifier.local), { module: target, name: importedName(specifier) });
        }
        break;
      }
      case "ExportAllDeclaration": {
        if (statement.exportKind === "type") break;
        const target = follow(statement.source);
        if (!target) break;
        if (statement.exported) facts.exports.set(nameOf(statement.exported), { module: target, name: "*" });
        else facts.exportsAll.push(target);
        break;
      }
      case "ExportNamedDeclaration": {
        if (statement.exportKind === "type") break;
        const target = statement.source ? follow(statement.source) : file;
        if (isNode(statement.declaration)) declare(statement.declaration, true);
        for (const specifier of statement.specifiers as Node[]) {
          // An export of a package's value (a target outside the followed folders) leads nowhere to follow.
          if (specifier.exportKind === "type" || !target) continue;
          facts.exports.set(nameOf(specifier.exported), { module: target, name: nameOf(specifier.local) });
        }
        break;
      }
      case "ExportDefaultDeclaration": {
        const declaration = statement.declaration as Node;
        if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") declare(declaration, false);
        else facts.declarations.set("default", [declaration]);
        facts.exports.set("default", { module: file, name: declared(declaration)[0]?.[0] ?? "default" });
        break;
      }
      case "TSImportEqualsDeclaration": {
        const reference = statement.moduleReference as Node;
        if (statement.importKind === "type" || reference.type !== "TSExternalModuleReference") break;
        const target = follow(reference.expression);
        if (target) facts.imports.set(nameOf(statement.id), { module: target, name: "*" });
        break;
      }
      default:
        if (statement.type.startsWith("TS")) break;
        if (statement.type.endsWith("Declaration")) declare(statement, false);
        else facts.loadTime.push(statement);
    }
  }
  for (const node of nodesUnder(program.body)) {
    const source = node.type === "ImportExpression" ? (node.source as Node) : undefined;
    if (source?.type !== "Literal" || typeof source.value !== "string") continue;
    const target = resolveSpecifier(root, file, source.value);
    if (target && !facts.onDemand.includes(target)) facts.onDemand.push(target);
  }
  return facts;
}

/**
 * The modules a module loads as it is loaded: its static value imports and re-exports inside
 * server/ and common/ (a type-only import loads nothing; an import() is loaded later, not here).
 */
export function staticLoads(root: string, file: string): string[] {
  return moduleFacts(root, file).loads;
}

/** The server's modules (tests and declaration files aside): where a flow's functions are looked up. */
function serverModules(root: string): string[] {
  return (readdirSync(join(root, "server"), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.ts$/.test(file))
    .map((file) => join(root, "server", file))
    .sort();
}

/** A count's files (relative to the root, sorted). */
interface Files {
  reached: string[];
  loaded: string[];
  /** Each reached file's first use: what it is counted for. */
  reachedFor: Map<string, string>;
}

export interface FlowCount {
  flow: Flow;
  /** The modules exporting the flow's functions, and the one exporting its route. */
  serviceModules: string[];
  routeModule: string;
  service: Files;
  withRoute: Files;
  /** Files the flow's modules may load later, by import(): not counted. */
  onDemand: string[];
  /** The server files it reaches with its route that not every flow counted with it reaches. */
  beyondShared: string[];
}

/** The server files every flow reaches with its route: the base a reader meets once, whichever flow they follow first. */
export function sharedByEvery(counts: readonly FlowCount[]): string[] {
  const [first, ...rest] = counts;
  if (!first) return [];
  return first.withRoute.reached.filter(
    (file) => file.startsWith("server/") && rest.every((count) => count.withRoute.reached.includes(file)),
  );
}

const serverFiles = (files: readonly string[]) => files.filter((file) => file.startsWith("server/")).length;
const commonFiles = (files: readonly string[]) => files.filter((file) => file.startsWith("common/")).length;

/** Follows imports in the tree at one root, reading each module once. */
class ImportWalk {
  readonly #facts = new Map<string, ModuleFacts>();
  readonly #modules: string[];
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    this.#modules = serverModules(root);
  }

  facts(file: string): ModuleFacts {
    let known = this.#facts.get(file);
    if (!known) {
      known = moduleFacts(this.root, file);
      this.#facts.set(file, known);
    }
    return known;
  }

  /** The one server module that declares and exports a name; refused when none (it was renamed) or several do. */
  exporterOf(name: string): string {
    const exporters = this.#modules.filter((file) => this.facts(file).exports.get(name)?.module === file);
    if (exporters.length !== 1) {
      const where = exporters.map((file) => relative(this.root, file)).join(", ");
      throw new Error(`${name} is exported by ${exporters.length === 0 ? "no module in server/" : where}: name the flow's function again`);
    }
    return exporters[0] as string;
  }

  /** Every module the starting ones load, themselves included. */
  loaded(starts: readonly string[]): Set<string> {
    const loaded = new Set(starts);
    for (const file of loaded) for (const target of this.facts(file).loads) loaded.add(target);
    return loaded;
  }

  /**
   * The modules that hold the declarations the named exports use, and theirs, and so on, each with
   * the first use that brought it (for the report: what a file is counted for).
   */
  reached(exports: readonly Binding[]): Map<string, string> {
    const files = new Map<string, string>();
    const count = (module: string, because: string) => {
      if (!files.has(module)) files.set(module, because);
    };
    const done = new Set<string>();
    const started = new Set<string>();
    /** Declarations to read, breadth first (so the first use recorded is a short one), with who uses each. */
    const queue: (Binding & { user: string })[] = [];
    const label = ({ module, name }: Binding) => `${relative(this.root, module).split(sep).join("/")}: ${name}`;
    /** An export of a module: where its value is declared, through re-exports (each one counts). */
    const reachExport = ({ module, name }: Binding, user: string): boolean => {
      const key = `${module}\u0000${name}\u0000export`;
      if (done.has(key)) return true;
      const facts = this.facts(module);
      if (name === "*") {
        done.add(key);
        count(module, `the whole module, for ${user}`);
        for (const exported of facts.exports.keys()) reachExport({ module, name: exported }, user);
        for (const all of facts.exportsAll) reachExport({ module: all, name: "*" }, user);
        return true;
      }
      const binding = facts.exports.get(name);
      const passedOn = binding ? undefined : facts.exportsAll.find((all) => reachExport({ module: all, name }, user));
      if (!binding && !passedOn) return false;
      done.add(key);
      if (binding?.module === module) queue.push({ ...binding, user });
      else {
        // A re-export: the reader passes through this module to the one that declares it.
        count(module, `${name}, passed on, for ${user}`);
        if (binding) reachExport(binding, user);
      }
      return true;
    };
    /** A name a module's code uses: its own declaration, or an import's (a global is neither). */
    const reachName = (module: string, name: string, user: string) => {
      const facts = this.facts(module);
      if (facts.declarations.has(name)) queue.push({ module, name, user });
      else {
        const imported = facts.imports.get(name);
        if (imported) reachExport(imported, user);
      }
    };
    for (const entry of exports) reachExport(entry, "the flow");
    for (let next = 0; next < queue.length; next += 1) {
      const { module, name, user } = queue[next] as Binding & { user: string };
      const key = `${module}\u0000${name}`;
      if (done.has(key)) continue;
      done.add(key);
      const facts = this.facts(module);
      const code = facts.declarations.get(name);
      if (!code) {
        // An export of a local that is an import passed on (`import { a } …; export { a }`).
        reachName(module, name, user);
        continue;
      }
      count(module, `${name}, for ${user}`);
      // The first declaration reached in a module brings its load-time statements too.
      if (!started.has(module)) {
        started.add(module);
        for (const used of namesUsedBy(facts.loadTime)) reachName(module, used, `${label({ module, name: "its load-time code" })}`);
      }
      for (const used of namesUsedBy(code)) reachName(module, used, label({ module, name }));
    }
    return files;
  }
}

/** Counts every flow in the tree at `root` as it is now. */
export function countFlows(root = ROOT, flows: readonly Flow[] = FLOWS): FlowCount[] {
  const walk = new ImportWalk(root);
  const nameOfFile = (file: string) => relative(root, file).split(sep).join("/");
  const named = (files: Iterable<string>) => [...files].map(nameOfFile).sort();
  const exportOf = (name: string): Binding => ({ module: walk.exporterOf(name), name });
  const files = (exports: readonly Binding[], modules: readonly string[]): Files => {
    const reached = walk.reached(exports);
    return {
      reached: named(reached.keys()),
      loaded: named(walk.loaded(modules)),
      reachedFor: new Map([...reached].map(([file, because]) => [nameOfFile(file), because])),
    };
  };

  const counts = flows.map((flow) => {
    const serviceExports = flow.service.map(exportOf);
    const routeExport = exportOf(flow.route);
    const serviceModules = [...new Set(serviceExports.map((entry) => entry.module))];
    const loadedWithRoute = walk.loaded([...serviceModules, routeExport.module]);
    const onDemand = [...loadedWithRoute].flatMap((file) => walk.facts(file).onDemand).filter((file) => !loadedWithRoute.has(file));
    return {
      flow,
      serviceModules: named(serviceModules),
      routeModule: named([routeExport.module])[0] as string,
      service: files(serviceExports, serviceModules),
      withRoute: files([...serviceExports, routeExport], [...serviceModules, routeExport.module]),
      onDemand: named(new Set(onDemand)),
      beyondShared: [] as string[],
    };
  });
  const shared = sharedByEvery(counts);
  for (const count of counts)
    count.beyondShared = count.withRoute.reached.filter((file) => file.startsWith("server/") && !shared.includes(file));
  return counts;
}

const figures = (files: readonly string[]) => `${serverFiles(files)} server files, ${commonFiles(files)} in common/`;

/** What `npm run flows` prints: the method, then each flow's figures and files. */
function flowsReport(counts: readonly FlowCount[]): string {
  const lines = ["Files each flow takes on the server, counted by following its imports (scripts/flows.ts)", "", METHOD];
  const shared = sharedByEvery(counts);
  lines.push("", `reached with its route by every flow: ${shared.length} server files`, ...shared.map((file) => `    ${file}`));
  for (const { flow, serviceModules, routeModule, service, withRoute, onDemand, beyondShared } of counts) {
    lines.push("", flow.name);
    lines.push(`  its service: ${flow.service.join(", ")} (${serviceModules.join(", ")})`);
    lines.push(`    reached: ${figures(service.reached)}`);
    lines.push(`    loaded:  ${figures(service.loaded)}`);
    lines.push(`  with its route: ${flow.route} (${routeModule})`);
    lines.push(`    reached: ${figures(withRoute.reached)}`);
    lines.push(`    loaded:  ${figures(withRoute.loaded)}`);
    lines.push(`    beyond what every flow reaches: ${beyondShared.length} server files`);
    lines.push("  the files loaded with its route; S: reached from its service, R: from its route, with the first use:");
    for (const file of withRoute.loaded) {
      const mark = service.reached.includes(file) ? "S" : withRoute.reached.includes(file) ? "R" : " ";
      const because = service.reachedFor.get(file) ?? withRoute.reachedFor.get(file);
      lines.push(`    ${mark} ${file}${because ? `  (${because})` : ""}`);
    }
    if (onDemand.length > 0) lines.push(`  loaded on demand, not counted: ${onDemand.join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}

const TABLE_START = "<!-- flows: written by `npm run flows -- --write`; test/flows.test.ts checks it -->";
const TABLE_END = "<!-- end of flows -->";

/** The figures as the architecture page shows them, between its two markers. */
export function flowsTable(counts: readonly FlowCount[]): string {
  const shared = sharedByEvery(counts);
  const rows = counts.map(({ flow, service, withRoute, beyondShared }) => {
    const cells = [
      flow.name,
      flow.service.map((name) => `\`${name}\``).join(", "),
      serverFiles(service.reached),
      serverFiles(withRoute.reached),
      beyondShared.length,
      serverFiles(service.loaded),
      serverFiles(withRoute.loaded),
      commonFiles(withRoute.reached),
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [
    TABLE_START,
    "| Flow | Starts at | Server files reached | with its route | of those, beyond what every flow reaches | Server files loaded | with its route | common/ files reached with its route |",
    "|---|---|--:|--:|--:|--:|--:|--:|",
    ...rows,
    "",
    `What every flow reaches with its route (${shared.length} server files): ${shared
      .map((file) => `\`${file.replace(/^server\//, "")}\``)
      .join(", ")}.`,
    TABLE_END,
  ].join("\n");
}

/** The table the page holds now, markers included; undefined when it has none. */
export function tableIn(page: string): string | undefined {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  return start === -1 || end < start ? undefined : page.slice(start, end + TABLE_END.length);
}

if (process.argv[1] === import.meta.filename) {
  const counts = countFlows();
  process.stdout.write(flowsReport(counts));
  if (process.argv.includes("--write")) {
    const page = readFileSync(ARCHITECTURE_PATH, "utf8");
    const table = tableIn(page);
    if (!table) throw new Error(`${relative(ROOT, ARCHITECTURE_PATH)} has no flows table to write (its markers are gone)`);
    writeFileSync(ARCHITECTURE_PATH, page.replace(table, flowsTable(counts)));
    console.log(`\nwrote the figures into ${relative(ROOT, ARCHITECTURE_PATH)}`);
  }
}
