import { useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/**
 * An interactive view of a glTF/GLB model (three.js): drag to turn, scroll
 * or pinch to zoom. The model's bytes are parsed here (fetched with the
 * bearer token by the page): the viewer itself loads no address.
 */
export const ModelViewer = ({ data, height = 480 }: { data: ArrayBuffer | null; height?: number }) => {
  const translate = useTranslate();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = host.current;
    if (!element || !data) return undefined;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch {
      setState('failed');
      return undefined;
    }
    const width = element.clientWidth || 640;
    renderer.setPixelRatio(window.devicePixelRatio);
    renderer.setSize(width, height);
    element.appendChild(renderer.domElement);
    const scene = new THREE.Scene();
    scene.background = new THREE.Color('#f4f1fa');
    scene.add(new THREE.HemisphereLight(0xffffff, 0x8877aa, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new THREE.PerspectiveCamera(45, width / height, 0.01, 1000);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    let frame = 0;
    const loop = () => {
      controls.update();
      renderer.render(scene, camera);
      frame = requestAnimationFrame(loop);
    };
    new GLTFLoader().parse(
      data,
      '',
      (gltf) => {
        scene.add(gltf.scene);
        // frame the model
        const box = new THREE.Box3().setFromObject(gltf.scene);
        const size = box.getSize(new THREE.Vector3()).length() || 1;
        const centre = box.getCenter(new THREE.Vector3());
        camera.position.copy(centre).add(new THREE.Vector3(size * 0.9, size * 0.6, size * 1.35));
        camera.near = size / 100;
        camera.far = size * 100;
        camera.updateProjectionMatrix();
        controls.target.copy(centre);
        setState('ready');
        loop();
      },
      () => setState('failed'),
    );
    const onResize = () => {
      const w = element.clientWidth || width;
      renderer.setSize(w, height);
      camera.aspect = w / height;
      camera.updateProjectionMatrix();
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [data, height]);

  return (
    <Box sx={{ position: 'relative', width: '100%', minHeight: height }} dir="ltr">
      <Box
        ref={host}
        data-testid="model-viewer"
        data-state={state}
        sx={{ width: '100%', touchAction: 'none', cursor: 'grab' }}
        aria-label={translate('app.exams.media.model')}
        role="img"
      />
      {state === 'loading' && (
        <CircularProgress
          aria-label={translate('ra.page.loading')}
          sx={{ position: 'absolute', top: '45%', left: '48%' }}
        />
      )}
      {state === 'failed' && <Alert severity="error">{translate('app.exams.media.modelFailed')}</Alert>}
    </Box>
  );
};
