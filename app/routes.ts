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
    route("list-your-business", "routes/public/list-your-business.tsx"),
    route("festivals", "routes/public/festivals.tsx"),
    route("festivals/:id", "routes/public/festival.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("sitemap", "routes/public/sitemap.tsx"),
    route("search", "routes/public/search.tsx"),
    route("newsletter/unsubscribe", "routes/public/unsubscribe.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // "Report a problem" on a listing: the dialog of each wholesaler card posts here (POST only).
  route("wholesalers/:id/report", "routes/public/report-problem.ts"),

  route("sitemap.xml", "routes/seo/sitemap-xml.ts"),
  route("robots.txt", "routes/seo/robots-txt.ts"),
  route("rss.xml", "routes/seo/rss-xml.ts"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    // Every signed-in admin page, the CSV export and unknown admin paths: the layout's middleware guards them all.
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("wholesalers", "routes/admin/wholesalers.tsx"),
      route("wholesalers/new", "routes/admin/wholesalers.tsx", { id: "admin-wholesalers-new" }),
      route("wholesalers.csv", "routes/admin/wholesalers-csv.ts"),
      route("festivals", "routes/admin/festivals.tsx"),
      route("festivals/new", "routes/admin/festivals.tsx", { id: "admin-festivals-new" }),
      route("blog", "routes/admin/blog.tsx"),
      route("blog/new", "routes/admin/blog.tsx", { id: "admin-blog-new" }),
      route("states", "routes/admin/states.tsx"),
      route("grocery-stores", "routes/admin/grocery-stores.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("subscribers.csv", "routes/admin/subscribers-csv.ts"),
      route("suggestions", "routes/admin/suggestions.tsx"),
      route("submissions", "routes/admin/submissions.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("image-manager", "routes/admin/image-manager.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
    // POST-only resource routes: their own middleware checks the session of a POST; a GET gets its 405.
    route("tools/backup", "routes/admin/tools/backup.ts"),
    route("tools/import", "routes/admin/tools/import.ts"),
    route("tools/clear-cache", "routes/admin/tools/clear-cache.ts"),
    route("tools/optimise-images", "routes/admin/tools/optimise-images.ts"),
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
    route("upload/wholesaler/:id", "routes/api/upload-wholesaler.ts"),
    route("upload/festival/:id", "routes/api/upload-festival.ts"),
    route("upload/blog/:id", "routes/api/upload-blog.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
