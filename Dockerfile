# A container that serves the course: build the static site, then serve dist/ with nginx.
#   docker build -t k8s-course .                        (or --build-arg BASE_PATH=/k8s/)
#   docker run --rm -p 8080:8080 k8s-course             then open http://localhost:8080/
FROM node:24-bookworm-slim AS build
WORKDIR /course
ARG BASE_PATH=/
ENV ASTRO_TELEMETRY_DISABLED=1 BASE_PATH=${BASE_PATH}
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM nginx:1.27-alpine
ARG BASE_PATH=/
COPY hosting/nginx.conf /etc/nginx/conf.d/default.conf
# Under a sub-path the files sit in the matching folder, so /k8s/en/ is html/k8s/en/.
COPY --from=build /course/dist /usr/share/nginx/html${BASE_PATH}
EXPOSE 8080
