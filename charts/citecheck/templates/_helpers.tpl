{{/*
Shared pieces of the per-service templates. Each templates/<service>.yaml calls
"citecheck.workload" with its name and any extras, so a service's manifest reads as one
call plus what makes that service different.
*/}}

{{- define "citecheck.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The eight services behind the gateway, in pipeline order. */}}
{{- define "citecheck.backendNames" -}}
ingest extraction validation billing identity notification analytics progress
{{- end -}}

{{- define "citecheck.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "citecheck.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/* dict "root" $ "name" "<service>" */}}
{{- define "citecheck.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* dict "root" $ "name" "<service>" */}}
{{- define "citecheck.labels" -}}
{{ include "citecheck.selectorLabels" . }}
app.kubernetes.io/part-of: citecheck
app.kubernetes.io/component: {{ .name }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/*
Image for a service: <service>.image.repository, else images.repository/<service>, else
<service>; tag: <service>.image.tag, else images.tag, else the chart's appVersion.
dict "root" $ "name" "<service>"
*/}}
{{- define "citecheck.image" -}}
{{- $svc := index .root.Values .name -}}
{{- $image := $svc.image | default dict -}}
{{- $repository := $image.repository -}}
{{- if not $repository -}}
{{- if .root.Values.images.repository -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" .root.Values.images.repository) .name -}}
{{- else -}}
{{- $repository = .name -}}
{{- end -}}
{{- end -}}
{{- $tag := $image.tag | default .root.Values.images.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/* PUBLIC_URL: publicUrl, else the ingress host, else empty (the services' default). */}}
{{- define "citecheck.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.host -}}
{{- printf "%s://%s" (ternary "https" "http" (not (empty .Values.ingress.tls))) .Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{/*
Deployment + Service (+ HorizontalPodAutoscaler when <service>.autoscaling.enabled).
dict "root" $ "name" "<service>"
  optional "env"          extra container env, YAML list items
  optional "volumes"      extra pod volumes, YAML list items
  optional "volumeMounts" extra container volume mounts, YAML list items
*/}}
{{- define "citecheck.workload" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $svc := index $root.Values $name -}}
{{- $extraEnv := .env -}}
{{- $extraVolumes := .volumes -}}
{{- $extraVolumeMounts := .volumeMounts -}}
{{- $autoscaling := ($svc.autoscaling | default dict).enabled | default false -}}
{{- $labelArgs := dict "root" $root "name" $name -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "citecheck.labels" $labelArgs | nindent 4 }}
spec:
  {{- if not $autoscaling }}
  replicas: {{ $svc.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "citecheck.selectorLabels" $labelArgs | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "citecheck.labels" $labelArgs | nindent 8 }}
      annotations:
        # Roll the pods when the shared configuration changes.
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if $root.Values.prometheus.scrape }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $root.Values.opsPort | quote }}
        prometheus.io/path: /metrics
        {{- end }}
    spec:
      serviceAccountName: {{ include "citecheck.serviceAccountName" $root }}
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: {{ $root.Values.terminationGracePeriodSeconds }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: server
          image: {{ include "citecheck.image" $labelArgs | quote }}
          imagePullPolicy: {{ $root.Values.images.pullPolicy }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          ports:
            - name: http
              containerPort: {{ $svc.port }}
              protocol: TCP
            # Prometheus and the probes: never behind the ingress.
            - name: ops
              containerPort: {{ $root.Values.opsPort }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "citecheck.fullname" $root }}-config
          env:
            - name: PORT
              value: {{ $svc.port | quote }}
            - name: OPS_PORT
              value: {{ $root.Values.opsPort | quote }}
            - name: KAFKA_CLIENT_ID
              value: {{ $name | quote }}
            - name: DATA_DIR
              value: /app/data
            - name: SHUTDOWN_TIMEOUT_MS
              value: {{ mul (sub (sub $root.Values.terminationGracePeriodSeconds $root.Values.preStopSeconds) 2) 1000 | quote }}
            {{- if $root.Values.mongo.urlFromSecret.name }}
            - name: MONGO_URL
              valueFrom:
                secretKeyRef:
                  name: {{ $root.Values.mongo.urlFromSecret.name }}
                  key: {{ $root.Values.mongo.urlFromSecret.key | default "MONGO_URL" }}
            {{- end }}
            {{- if $root.Values.secrets.existingSecret }}
            {{- range $svc.secretEnv }}
            - name: {{ . }}
              valueFrom:
                secretKeyRef:
                  name: {{ $root.Values.secrets.existingSecret }}
                  key: {{ . }}
                  optional: true
            {{- end }}
            {{- end }}
            {{- if $root.Values.kafka.sasl.mechanism }}
            {{- range list "KAFKA_SASL_USERNAME" "KAFKA_SASL_PASSWORD" }}
            - name: {{ . }}
              valueFrom:
                secretKeyRef:
                  name: {{ required "secrets.existingSecret is required when kafka.sasl.mechanism is set" $root.Values.secrets.existingSecret }}
                  key: {{ . }}
            {{- end }}
            {{- end }}
            {{- range $svc.requiredSecretEnv }}
            - name: {{ . }}
              valueFrom:
                secretKeyRef:
                  name: {{ required (printf "secrets.existingSecret is required: %s needs the key %s from it" $name .) $root.Values.secrets.existingSecret }}
                  key: {{ . }}
            {{- end }}
            {{- range $key, $value := $svc.env }}
            - name: {{ $key }}
              value: {{ $value | quote }}
            {{- end }}
            {{- with $extraEnv }}
            {{- . | nindent 12 }}
            {{- end }}
          lifecycle:
            # The endpoint removal reaches kube-proxy and the ingress a few seconds after the
            # pod is marked terminating: keep serving meanwhile, then take SIGTERM. node is the
            # one binary every image has.
            preStop:
              exec:
                command: ["node", "-e", "setTimeout(() => {}, {{ mul $root.Values.preStopSeconds 1000 }})"]
          # tsx compiles the TypeScript on first import: give start-up its own budget so
          # liveness can stay strict once the process is up.
          startupProbe:
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 2
            failureThreshold: 60
          livenessProbe:
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /readyz
              port: ops
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 3
          resources:
            {{- toYaml $svc.resources | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            - name: data
              mountPath: /app/data
            {{- with $extraVolumeMounts }}
            {{- . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir: {}
        - name: data
          emptyDir: {}
        {{- with $extraVolumes }}
        {{- . | nindent 8 }}
        {{- end }}
      {{- with $root.Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $name }}
  labels:
    {{- include "citecheck.labels" $labelArgs | nindent 4 }}
spec:
  type: {{ (($svc.service | default dict).type) | default "ClusterIP" }}
  selector:
    {{- include "citecheck.selectorLabels" $labelArgs | nindent 4 }}
  ports:
    - name: http
      port: {{ $svc.port }}
      targetPort: http
      protocol: TCP
    # For the ServiceMonitor, which names a Service port.
    - name: ops
      port: {{ $root.Values.opsPort }}
      targetPort: ops
      protocol: TCP
{{- $pdb := $svc.pdb | default dict }}
{{- if and $pdb.enabled (ne $name "gateway") }}
---
# Node drains evict at most maxUnavailable of these pods at a time; with one replica the
# drain still proceeds (the pod is rescheduled and its work redelivered).
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $name }}
  labels:
    {{- include "citecheck.labels" $labelArgs | nindent 4 }}
spec:
  maxUnavailable: {{ $pdb.maxUnavailable | default 1 }}
  selector:
    matchLabels:
      {{- include "citecheck.selectorLabels" $labelArgs | nindent 6 }}
{{- end }}
{{- if $autoscaling }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $name }}
  labels:
    {{- include "citecheck.labels" $labelArgs | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $name }}
  minReplicas: {{ $svc.autoscaling.minReplicas }}
  maxReplicas: {{ $svc.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $svc.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- end -}}
