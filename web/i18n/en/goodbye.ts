import { strings as shared } from "./shared.ts";

/** The DS One goodbye screen. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  goodbye: {
    title: "We're Sorry To See You Go",
    uninstalled: (brand: string) => `${brand} has been uninstalled from your computer.`,
    reinstall: "Click here to re-install",
  },
} as const;
