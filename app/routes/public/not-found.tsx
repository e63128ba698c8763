import { data } from "react-router";

export const meta = () => [{ title: "404 Page Not Found | Wholesale Flower Finder" }];

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
