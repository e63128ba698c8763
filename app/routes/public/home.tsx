import { Link } from "react-router";
import { getDb } from "~/db/db.server";
import { listStates } from "~/services/states/states.server";
import type { Route } from "./+types/home";

export const meta = () => [
  { title: "Find Wholesale Flowers Near You - Save up to 70% | Wholesale Flower Finder" },
  {
    name: "description",
    content: "Find affordable wholesale flower suppliers near you by zipcode or state.",
  },
];

export async function loader() {
  return { states: await listStates(getDb()) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="font-serif text-4xl font-semibold text-plum">Find Affordable Wholesale Flowers</h1>
      <ul className="mt-8 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {loaderData.states.map((state) => (
          <li key={state.id}>
            <Link className="text-rose-brand hover:underline" to={`/state/${state.id}`}>
              {state.name}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
