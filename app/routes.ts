import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("states", "routes/public/states.tsx"),
    route("all-states", "routes/public/all-states.tsx"),
    route("state/:stateId", "routes/public/state.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:postId", "routes/public/blog-post.tsx"),
    route("about", "routes/public/about.tsx"),
    route("festivals", "routes/public/festivals.tsx"),
    route("festivals/:id", "routes/public/festival.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("sitemap", "routes/public/sitemap.tsx"),
    route("newsletter/unsubscribe", "routes/public/unsubscribe.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  ...prefix("api", [
    route("states", "routes/api/states.ts"),
    route("states/:stateId", "routes/api/state.ts"),
    route("wholesalers/state/:stateId", "routes/api/wholesalers-by-state.ts"),
    route("wholesalers/zipcode/:zipcode", "routes/api/wholesalers-by-zipcode.ts"),
    route("wholesalers/zipcode/:zipcode/nearest", "routes/api/wholesalers-nearest.ts"),
    route("grocery-stores", "routes/api/grocery-stores.ts"),
    route("blog-posts", "routes/api/blog-posts.ts"),
    route("blog-posts/:id", "routes/api/blog-post.ts"),
    route("flower-festivals", "routes/api/festivals.ts"),
    route("flower-festivals/upcoming", "routes/api/festivals-upcoming.ts"),
    route("flower-festivals/:id", "routes/api/festival.ts"),
    route("newsletter/subscribe", "routes/api/newsletter-subscribe.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
