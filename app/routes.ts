import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),

  ...prefix("api", [
    route("states", "routes/api/states.ts"),
    route("states/:stateId", "routes/api/state.ts"),
    route("wholesalers/state/:stateId", "routes/api/wholesalers-by-state.ts"),
    route("wholesalers/zipcode/:zipcode", "routes/api/wholesalers-by-zipcode.ts"),
    route("grocery-stores", "routes/api/grocery-stores.ts"),
    route("blog-posts", "routes/api/blog-posts.ts"),
    route("blog-posts/:id", "routes/api/blog-post.ts"),
    route("flower-festivals", "routes/api/festivals.ts"),
    route("flower-festivals/upcoming", "routes/api/festivals-upcoming.ts"),
    route("flower-festivals/:id", "routes/api/festival.ts"),
    route("newsletter/subscribe", "routes/api/newsletter-subscribe.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
