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

{{/*
The HTTP calls between the release's services: for each caller, the services it calls. The
one list sets each caller's <CALLEE>_URL (the gateway's SUBGRAPH_URLS and SERVICE_URLS) and
each callee's NetworkPolicy, so no call is configured that the policies do not admit.
dict "root" $ "name" "<caller>"
*/}}
{{- define "citecheck.callees" -}}
{{- $calls := dict "ingest" "identity" "validation" "identity" "billing" "identity" "analytics" "identity" "gateway" (include "citecheck.backendNames" .root) -}}
{{- index $calls .name | default "" -}}
{{- end -}}

{{/* Every topic the services use (proto's event catalogue; a test keeps them equal); each also has <topic>.dlq. */}}
{{- define "citecheck.topics" -}}
document.uploaded document.cancelled document.deleted citations.extracted citations.validated report.generated pipeline.progress pipeline.failed user.registered user.verified user.deleted subscription.changed subscription.renewed mail.requested admin.action ip.blocked ip.unblocked api.called
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
Image for a service: <service>.image.repository, else images.repository/<service>; one of
them is required (a bare name would resolve to Docker Hub's library); tag: <service>.image.tag, else images.tag, else the chart's appVersion.
dict "root" $ "name" "<service>"
*/}}
{{- define "citecheck.image" -}}
{{- $svc := index .root.Values .name -}}
{{- $image := $svc.image | default dict -}}
{{- $repository := $image.repository -}}
{{- if not $repository -}}
{{- if .root.Values.images.repository -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" .root.Values.images.repository) .name -}}
{{- end -}}
{{- end -}}
{{- if not $repository -}}
{{- fail (printf "images.repository is required (or %s.image.repository): the registry path the images were pushed to, e.g. ghcr.io/acme/citecheck; a bare %q would be pulled from Docker Hub's library" .name .name) -}}
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
{{- $grace := $svc.terminationGracePeriodSeconds | default $root.Values.terminationGracePeriodSeconds -}}
{{- $kafka := $root.Values.kafka -}}
{{- $kafkaCa := ($kafka.caSecret | default dict).name -}}
{{- $kafkaClient := ($kafka.clientCertSecret | default dict).name -}}
{{- $mongoTls := ($root.Values.mongo.tlsSecret | default dict).name -}}
{{- $podAnnotations := merge (dict) ($svc.podAnnotations | default dict) ($root.Values.podAnnotations | default dict) -}}
{{- if and $root.Values.prometheus.scrape (not $root.Values.monitoring.serviceMonitor.enabled) -}}
{{- $_ := set $podAnnotations "prometheus.io/scrape" "true" -}}
{{- $_ := set $podAnnotations "prometheus.io/port" (printf "%v" $root.Values.opsPort) -}}
{{- $_ := set $podAnnotations "prometheus.io/path" "/metrics" -}}
{{- end -}}
{{- $_ := set $podAnnotations "checksum/config" (include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum) -}}
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
        # checksum/config rolls the pods when the shared configuration changes. Scrape
        # annotations only without a ServiceMonitor, so Prometheus does not scrape twice.
        {{- toYaml $podAnnotations | nindent 8 }}
    spec:
      serviceAccountName: {{ include "citecheck.serviceAccountName" $root }}
      automountServiceAccountToken: false
      # Long enough for this service's longest work (an upload waiting for its verdicts, a
      # scan's OCR) to finish after SIGTERM; SHUTDOWN_TIMEOUT_MS below follows it.
      terminationGracePeriodSeconds: {{ $grace }}
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
              value: {{ mul (sub (sub $grace $root.Values.preStopSeconds) 2) 1000 | quote }}
            {{- if ne $name "gateway" }}
            {{- range $callee := splitList " " (include "citecheck.callees" $labelArgs) }}
            {{- if $callee }}
            # A service this one calls (its NetworkPolicy admits this pod: citecheck.callees).
            - name: {{ upper $callee }}_URL
              value: {{ printf "http://%s:%v" $callee (index $root.Values $callee).port | quote }}
            {{- end }}
            {{- end }}
            {{- end }}
            {{- if $kafkaCa }}
            - name: KAFKA_SSL_CA_FILE
              value: {{ printf "/etc/citecheck/kafka-ca/%s" ($kafka.caSecret.key | default "ca.crt") | quote }}
            {{- end }}
            {{- if $kafkaClient }}
            - name: KAFKA_SSL_CERT_FILE
              value: {{ printf "/etc/citecheck/kafka-client/%s" ($kafka.clientCertSecret.certKey | default "user.crt") | quote }}
            - name: KAFKA_SSL_KEY_FILE
              value: {{ printf "/etc/citecheck/kafka-client/%s" ($kafka.clientCertSecret.keyKey | default "user.key") | quote }}
            {{- end }}
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
            {{- if $kafka.sasl.mechanism }}
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
            {{- if $svc.startupProbe }}
            {{- toYaml $svc.startupProbe | nindent 12 }}
            {{- else }}
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 2
            failureThreshold: 60
            {{- end }}
          livenessProbe:
            {{- if $svc.livenessProbe }}
            {{- toYaml $svc.livenessProbe | nindent 12 }}
            {{- else }}
            httpGet:
              path: /healthz
              port: ops
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
            {{- end }}
          readinessProbe:
            {{- if $svc.readinessProbe }}
            {{- toYaml $svc.readinessProbe | nindent 12 }}
            {{- else }}
            httpGet:
              path: /readyz
              port: ops
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 3
            {{- end }}
          resources:
            {{- toYaml $svc.resources | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            - name: data
              mountPath: /app/data
            {{- if $kafkaCa }}
            - name: kafka-ca
              mountPath: /etc/citecheck/kafka-ca
              readOnly: true
            {{- end }}
            {{- if $kafkaClient }}
            - name: kafka-client
              mountPath: /etc/citecheck/kafka-client
              readOnly: true
            {{- end }}
            {{- if $mongoTls }}
            - name: mongo-tls
              mountPath: /etc/citecheck/mongo-tls
              readOnly: true
            {{- end }}
            {{- with $extraVolumeMounts }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- with $root.Values.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
            {{- with $svc.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir: {}
        - name: data
          emptyDir: {}
        {{- if $kafkaCa }}
        - name: kafka-ca
          secret:
            secretName: {{ $kafkaCa }}
        {{- end }}
        {{- if $kafkaClient }}
        - name: kafka-client
          secret:
            secretName: {{ $kafkaClient }}
        {{- end }}
        {{- if $mongoTls }}
        - name: mongo-tls
          secret:
            secretName: {{ $mongoTls }}
        {{- end }}
        {{- with $extraVolumes }}
        {{- . | nindent 8 }}
        {{- end }}
        {{- with $root.Values.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- with $svc.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- with ($svc.nodeSelector | default $root.Values.nodeSelector) }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with ($svc.tolerations | default $root.Values.tolerations) }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with ($svc.affinity | default $root.Values.affinity) }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- if $svc.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- toYaml $svc.topologySpreadConstraints | nindent 8 }}
      {{- else if $root.Values.topologySpread.enabled }}
      # Replicas spread over nodes and zones where the scheduler can; never unschedulable for it.
      topologySpreadConstraints:
        {{- range $root.Values.topologySpread.topologyKeys }}
        - maxSkew: {{ $root.Values.topologySpread.maxSkew }}
          topologyKey: {{ . }}
          whenUnsatisfiable: {{ $root.Values.topologySpread.whenUnsatisfiable }}
          labelSelector:
            matchLabels:
              {{- include "citecheck.selectorLabels" $labelArgs | nindent 14 }}
        {{- end }}
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
{{- if $pdb.enabled }}
---
# Node drains evict at most maxUnavailable of these pods at a time; with one replica the
# drain still proceeds (the pod is rescheduled and its work redelivered), where minAvailable: 1
# would block it.
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
{{- if gt (int $svc.autoscaling.maxReplicas) (int $root.Values.kafka.partitions) }}
{{- fail (printf "%s.autoscaling.maxReplicas (%v) is above kafka.partitions (%v): replicas beyond the topic's partitions get no messages" $name $svc.autoscaling.maxReplicas $root.Values.kafka.partitions) }}
{{- end }}
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
