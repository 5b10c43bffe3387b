/**
 * Exercises of the lesson "Ingress": each cluster has the ingress-nginx controller installed
 * as the lesson installs it. A backend that names the wrong Service, an Exact path that should
 * be a Prefix, an Ingress asking for a class nobody implements, and a fan-out to build from
 * a description. Checks follow a request through the controller (see ingress-checks.ts).
 */
import type { Exercise } from '../exercise.ts';
import { ingressHasAddress, routedTo } from '../ingress-checks.ts';

/** Installs ingress-nginx as kind's guide does (the label is what kind's ingress config sets). */
export const INSTALL_INGRESS_NGINX = [
  'kubectl label node kind-control-plane ingress-ready=true --overwrite',
  'kubectl apply -f https://kind.sigs.k8s.io/examples/ingress/deploy-ingress-nginx.yaml',
  'kubectl wait --namespace ingress-nginx --for=condition=ready pod --selector=app.kubernetes.io/component=controller --timeout=90s',
];

/** A Deployment of http-echo answering `text`, and its Service on 5678. */
function echoApp(name: string, text = name): string[] {
  return [`kubectl create deployment ${name} --image=hashicorp/http-echo:1.0 --port=5678 -- /http-echo -text=${text}`, `kubectl expose deployment ${name} --port=5678`];
}

const SHOP_INGRESS = `kubectl apply -f - <<'EOF'
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
spec:
  ingressClassName: nginx
  rules:
  - host: shop.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: shop-svc
            port:
              number: 80
EOF`;

const SITE_INGRESS = `kubectl apply -f - <<'EOF'
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: site
spec:
  ingressClassName: nginx
  rules:
  - host: site.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port:
              number: 80
      - path: /docs
        pathType: Exact
        backend:
          service:
            name: docs
            port:
              number: 5678
EOF`;

const HELLO_INGRESS = `kubectl apply -f - <<'EOF'
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: hello
spec:
  ingressClassName: ngnix
  rules:
  - host: hello.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: hello
            port:
              number: 5678
EOF`;

/** Every exercise of the lesson, in the order the lesson offers them. */
export const ingressExercises: Exercise[] = [
  {
    id: 'ingress/broken-backend',
    title: 'The shop answers 503',
    lesson: 'ingress',
    task:
      'The shop runs as Deployment `shop` with its Service, and Ingress `shop` publishes it as ' +
      '`shop.example.com`. Yet every request for `shop.example.com` gets a 503 page from the ' +
      'Ingress controller. Find out why and make `shop.example.com` serve the shop.',
    hints: [
      'Send a request the way the lesson does, from a Pod, with `-H \'Host: shop.example.com\'`.',
      '`kubectl describe ingress shop` shows each backend and what stands behind it.',
      'Compare the Service the Ingress names with the Services that exist (`kubectl get svc`).',
    ],
    setup: [
      ...INSTALL_INGRESS_NGINX,
      'kubectl create deployment shop --image=nginx:1.27 --replicas=2 --port=80',
      'kubectl expose deployment shop --port=80',
      SHOP_INGRESS,
      'kubectl wait --for=condition=Available deployment/shop',
    ],
    solution: [
      'kubectl patch ingress shop --type=json -p=\'[{"op":"replace","path":"/spec/rules/0/http/paths/0/backend/service/name","value":"shop"}]\'',
    ],
    checks: [routedTo('shop.example.com', '/', { app: 'shop' }, 'shop.example.com is served by the shop Pods')],
  },
  {
    id: 'ingress/path-type',
    title: 'The docs have one page too few',
    lesson: 'ingress',
    task:
      'Ingress `site` publishes `site.example.com`: the web front end (Service `web`) at `/` and ' +
      'the documentation (Service `docs`) at `/docs`. `site.example.com/docs` shows the docs, but ' +
      'every page under it, such as `/docs/install`, comes from the web front end. Make ' +
      '`/docs` and every path under `/docs/` reach the docs, while everything else, `/docsearch` ' +
      'included, stays on the web front end.',
    hints: [
      'Try `/docs` and `/docs/install` through the controller and compare.',
      'Look at the `pathType` of each path in `kubectl get ingress site -o yaml`.',
      'Of the path types, one matches whole path elements under a prefix, one a single path, and one leaves it to the controller.',
    ],
    setup: [
      ...INSTALL_INGRESS_NGINX,
      'kubectl create deployment web --image=nginx:1.27 --port=80',
      'kubectl expose deployment web --port=80',
      ...echoApp('docs'),
      SITE_INGRESS,
      'kubectl wait --for=condition=Available deployment/web deployment/docs',
    ],
    solution: ['kubectl patch ingress site --type=json -p=\'[{"op":"replace","path":"/spec/rules/0/http/paths/1/pathType","value":"Prefix"}]\''],
    checks: [
      routedTo('site.example.com', '/docs/install', { app: 'docs' }, 'site.example.com/docs/install shows the docs'),
      routedTo('site.example.com', '/docs', { app: 'docs' }, 'site.example.com/docs shows the docs'),
      routedTo('site.example.com', '/docsearch', { app: 'web' }, 'site.example.com/docsearch stays on the web front end'),
      routedTo('site.example.com', '/', { app: 'web' }, 'site.example.com/ stays on the web front end'),
    ],
  },
  {
    id: 'ingress/wrong-class',
    title: 'An Ingress nobody serves',
    lesson: 'ingress',
    task:
      'Ingress `hello` should publish Deployment `hello` as `hello.example.com`, but it has no ' +
      'ADDRESS, and requests for `hello.example.com` get the controller\'s 404 page. Make ' +
      '`hello.example.com` reach the hello Pods through the installed controller, and let the ' +
      'Ingress show the controller\'s address.',
    hints: [
      '`kubectl get ingress hello` and `kubectl get ingressclass`: what does each name?',
      'A controller only takes on Ingresses of its own class.',
      'The address appears at the controller\'s next status update, within a minute; `kubectl get ingress hello -w` shows it arrive.',
    ],
    setup: [...INSTALL_INGRESS_NGINX, ...echoApp('hello'), HELLO_INGRESS, 'kubectl wait --for=condition=Available deployment/hello'],
    solution: [
      'kubectl patch ingress hello --type=merge -p \'{"spec":{"ingressClassName":"nginx"}}\'',
      "kubectl wait --for=jsonpath='{.status.loadBalancer.ingress[0].hostname}'=localhost ingress/hello --timeout=90s",
    ],
    checks: [
      routedTo('hello.example.com', '/', { app: 'hello' }, 'hello.example.com is served by the hello Pods'),
      ingressHasAddress('hello', 'Ingress hello shows the controller\'s address'),
    ],
  },
  {
    id: 'ingress/fanout',
    title: 'One address, two sites',
    lesson: 'ingress',
    task:
      'Deployments `shop` and `blog` run with a Service each (port 5678). Publish them through ' +
      'the Ingress controller: `example.test/shop` and every path under it to the shop, ' +
      '`example.test/blog` and every path under it to the blog, and the whole of ' +
      '`blog.example.test` to the blog as well.',
    hints: [
      'One Ingress can hold several rules, one per host, each with several paths.',
      '`kubectl create ingress NAME --class=nginx --rule=HOST/PATH*=SERVICE:PORT` (the `*` makes a Prefix path) takes `--rule` more than once.',
      'Check from a Pod with `curl -H \'Host: ...\'`, as in the lesson.',
    ],
    setup: [...INSTALL_INGRESS_NGINX, ...echoApp('shop'), ...echoApp('blog'), 'kubectl wait --for=condition=Available deployment/shop deployment/blog'],
    solution: ["kubectl create ingress front --class=nginx --rule='example.test/shop*=shop:5678' --rule='example.test/blog*=blog:5678' --rule='blog.example.test/*=blog:5678'"],
    checks: [
      routedTo('example.test', '/shop', { app: 'shop' }, 'example.test/shop shows the shop'),
      routedTo('example.test', '/shop/cart', { app: 'shop' }, 'example.test/shop/cart shows the shop'),
      routedTo('example.test', '/blog/2026/hello', { app: 'blog' }, 'example.test/blog/2026/hello shows the blog'),
      routedTo('blog.example.test', '/about', { app: 'blog' }, 'blog.example.test/about shows the blog'),
    ],
  },
];
