import type { Brand } from "../platform/brand.ts";

/** The brand's mark and name. */
export function Logo({ brand }: { brand: Brand }) {
  return (
    <div className="logo">
      <img className="logo__mark" src={brand.favicon} alt="" width={36} height={36} />
      <span className="logo__name">{brand.name}</span>
    </div>
  );
}
