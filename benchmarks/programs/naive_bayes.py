"""Gaussian naive Bayes with 5-fold cross-validation: per-class means, variances and
priors, joint log-likelihoods, ``argmax`` predictions and accuracy per fold.

Size at scale 1: 60000 samples of 30 features in 6 classes (class-dependent means and
scales), 5 folds.
"""


class GaussianNB:
    def __init__(self, var_smoothing=1e-9):
        self.var_smoothing = var_smoothing

    def fit(self, np, X, y):
        self.classes_ = np.unique(y)
        n_classes, n_features = len(self.classes_), X.shape[1]
        self.theta_ = np.zeros((n_classes, n_features))
        self.var_ = np.zeros((n_classes, n_features))
        self.class_prior_ = np.zeros(n_classes)
        epsilon = self.var_smoothing * np.var(X, axis=0).max()
        for i, c in enumerate(self.classes_):
            X_c = X[y == c]
            self.theta_[i, :] = X_c.mean(axis=0)
            self.var_[i, :] = X_c.var(axis=0) + epsilon
            self.class_prior_[i] = X_c.shape[0] / X.shape[0]
        return self

    def joint_log_likelihood(self, np, X):
        log_prior = np.log(self.class_prior_)
        norm = -0.5 * np.sum(np.log(2.0 * np.pi * self.var_), axis=1)
        diff = X[:, None, :] - self.theta_[None, :, :]
        quad = -0.5 * np.sum(diff**2 / self.var_[None, :, :], axis=2)
        return log_prior + norm + quad

    def predict(self, np, X):
        return self.classes_[np.argmax(self.joint_log_likelihood(np, X), axis=1)]


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(5)
    n, d, k, folds = max(500, int(60000 * scale)), 30, 6, 5
    class_means = rng.normal(0, 0.35, size=(k, d))
    class_scales = rng.uniform(0.8, 2.5, size=(k, d))
    y = rng.integers(0, k, size=n)
    X = class_means[y] + class_scales[y] * rng.standard_normal((n, d))

    fold_of = rng.permutation(n) % folds
    accuracies, log_likelihoods = [], []
    for f in range(folds):
        train, test = fold_of != f, fold_of == f
        model = GaussianNB().fit(np, X[train], y[train])
        jll = model.joint_log_likelihood(np, X[test])
        pred = model.classes_[jll.argmax(axis=1)]
        accuracies.append(np.mean(pred == y[test]))
        log_likelihoods.append(jll.max(axis=1).sum())

    model = GaussianNB().fit(np, X, y)
    pred = model.predict(np, X)
    confusion = np.zeros((k, k), dtype=int)
    np.add.at(confusion, (y, pred), 1)
    return {
        "fold_accuracy": accuracies,
        "mean_accuracy": np.mean(accuracies),
        "fold_log_likelihood": log_likelihoods,
        "theta": model.theta_,
        "var": model.var_,
        "prior": model.class_prior_,
        "confusion": confusion,
    }
