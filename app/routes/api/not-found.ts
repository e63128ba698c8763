import { jsonError } from "~/http/api.server";

const notFound = () => jsonError(404, "No such API endpoint.");
export const loader = notFound;
export const action = notFound;
