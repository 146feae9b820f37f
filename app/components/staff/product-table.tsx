import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { useLang, useT } from "~/i18n/react";
import { Price } from "~/components/price";
import { tableClass, td, StaffTable } from "./table-scroll";
import { cutText } from "./codes";

/** Both admin product lists show image, name, category, description and specifications (SPEC §2). */
export function ProductTable({
  products,
  label,
  actions,
}: {
  products: ProductDTO[];
  label: string;
  actions: (p: ProductDTO) => ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const local = (en: string, ar: string | null) => (lang === "ar" && ar ? ar : en);
  return (
    <StaffTable
      label={label}
      testId="product-table"
      className={`${tableClass} min-w-[900px]`}
      headers={[
        t("staff.image"),
        t("staff.name"),
        t("staff.category"),
        t("staff.price"),
        t("staff.description"),
        t("staff.specifications"),
        t("staff.actions"),
      ]}
    >
      {products.map((p) => {
        const specs = lang === "ar" && p.specificationsAr.length > 0 ? p.specificationsAr : p.specifications;
        return (
          <tr key={p._id} data-testid="product-row" data-product-id={p._id}>
            <td className={td}>
              {p.images[0] ? (
                <img src={p.images[0]} alt="" className="size-14 rounded-lg object-cover" loading="lazy" />
              ) : (
                <span className="block size-14 rounded-lg bg-surface-2" />
              )}
            </td>
            <td className={td}>
              <Link to={`/moderator/edit-product/${p._id}`} className="font-medium hover:underline">
                {local(p.name, p.nameAr)}
              </Link>
              <div className="font-mono text-xs text-muted">
                <bdi>{p.code}</bdi>
              </div>
            </td>
            <td className={td}>
              {t(`common.category.${p.category}`)}
              {p.collection ? <div className="text-xs text-muted">{t(`common.collection.${p.collection}`)}</div> : null}
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <Price egp={p.price} />
              <div className="text-xs text-muted">{t("staff.inStockN", { n: p.stock })}</div>
            </td>
            <td className={`${td} max-w-72`} dir="auto">
              {cutText(local(p.description, p.descriptionAr), 140)}
            </td>
            <td className={`${td} max-w-60`}>
              {specs.length > 0 ? (
                <ul className="list-disc ps-4 text-xs">
                  {specs.slice(0, 4).map((s, i) => (
                    <li key={i} dir="auto">
                      {s}
                    </li>
                  ))}
                  {specs.length > 4 ? (
                    <li className="list-none text-muted">{t("staff.andNMore", { n: specs.length - 4 })}</li>
                  ) : null}
                </ul>
              ) : (
                <span className="text-muted">—</span>
              )}
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-1">{actions(p)}</div>
            </td>
          </tr>
        );
      })}
    </StaffTable>
  );
}
