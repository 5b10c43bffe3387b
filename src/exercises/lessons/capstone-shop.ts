/**
 * The shop of the capstone lab as setup commands: the lesson's manifests (config.yaml, db.yaml,
 * web.yaml, ingress.yaml) applied on a cluster with the Ingress controller installed, with the
 * web or database manifest swapped for a broken one where an exercise needs it.
 */
import { INSTALL_INGRESS_NGINX } from './ingress.ts';

/** `kubectl apply -f -` of a manifest, as one shell line with a heredoc. */
export const apply = (yaml: string): string => `kubectl apply -f - <<'EOF'\n${yaml.trim()}\nEOF`;

/** The lesson's manifests (config.yaml, db.yaml, web.yaml, ingress.yaml). */
export const SHOP_CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  APP_MODE: production
  DB_HOST: db-0.db
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-content
data:
  index.html: |
    <h1>Corner Shop</h1>
---
apiVersion: v1
kind: Secret
metadata:
  name: db-credentials
type: Opaque
stringData:
  POSTGRES_PASSWORD: s3cret-pass
`;
export const SHOP_DB = `apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
    - port: 5432
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
        - name: postgres
          image: postgres:17
          ports:
            - containerPort: 5432
          env:
            - name: POSTGRES_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: db-credentials
                  key: POSTGRES_PASSWORD
          readinessProbe:
            tcpSocket:
              port: 5432
            periodSeconds: 5
          volumeMounts:
            - name: data
              mountPath: /var/lib/postgresql/data
  volumeClaimTemplates:
    - metadata:
        name: data
      spec:
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 1Gi
`;
export const SHOP_WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
          ports:
            - containerPort: 80
          envFrom:
            - configMapRef:
                name: web-config
          env:
            - name: DB_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: db-credentials
                  key: POSTGRES_PASSWORD
          readinessProbe:
            httpGet:
              path: /
              port: 80
            periodSeconds: 5
          livenessProbe:
            httpGet:
              path: /
              port: 80
            initialDelaySeconds: 5
            periodSeconds: 10
          volumeMounts:
            - name: site
              mountPath: /usr/share/nginx/html/index.html
              subPath: index.html
      volumes:
        - name: site
          configMap:
            name: web-content
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
`;
export const SHOP_INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
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
                name: web
                port:
                  number: 80
`;

/** The shop as the lesson leaves it, with `web` and `db` manifests given (to break one of them). */
export function shop(opts: { web?: string; db?: string } = {}): string[] {
  return [
    ...INSTALL_INGRESS_NGINX,
    apply(SHOP_CONFIG),
    apply(opts.db ?? SHOP_DB),
    'kubectl rollout status statefulset/db --timeout=120s',
    apply(opts.web ?? SHOP_WEB),
    apply(SHOP_INGRESS),
  ];
}
